import { formatChange } from '../../lib/formatNumber';
import { changeColor, signalColorVar } from '../../lib/signalColor';

/** A 24 h change in the spec's colours: green from 0 up, red below. */
export function ChangeValue({ percent }: { percent: number }) {
  return <span style={{ color: signalColorVar(changeColor(percent)) }}>{formatChange(percent)}</span>;
}
