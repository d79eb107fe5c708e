import { changeColor, signalColorVar } from '../../lib/signalColor';
import { formatChange24h } from './format';

/** A 24 h price change in the spec's colours (§4: green from 0 up, red below), with its sign so colour is not the only cue. */
export function ChangeValue({ percent }: { percent: number }) {
  return (
    <span data-color={changeColor(percent)} style={{ color: signalColorVar(changeColor(percent)) }}>
      {formatChange24h(percent)}
    </span>
  );
}
