import type { CandleInterval } from '@coinsight/contracts';

/** OHLCV per asset, interval and start time; the key (asset, interval, open_time) makes writes upserts. */
export interface CandlesTable {
  asset: string;
  interval: CandleInterval;
  open_time: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  /** USD traded during the candle. */
  volume: number;
}
