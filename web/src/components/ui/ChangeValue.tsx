import { formatChange } from '../../lib/formatNumber';
import { changeColor, signalColorVar } from '../../lib/signalColor';

export interface ChangeValueProps {
  /** The change in percent. */
  percent: number;
  /** `price`: exactly two decimals (+2.41%, 0.00%), as the market's tables show them; `count` (mentions, posts): at most one (+12.5%, −4%). */
  of: 'price' | 'count';
}

/**
 * A 24 h change in the colours of docs/product.md §4 (green from 0 up, red below), with its sign so colour is
 * not the only cue. `data-color` names the colour for tests and styles.
 */
export function ChangeValue({ percent, of }: ChangeValueProps) {
  const color = changeColor(percent);
  return (
    <span data-color={color} style={{ color: signalColorVar(color) }}>
      {formatChange(percent, of === 'price' ? 2 : undefined)}
    </span>
  );
}
