/** One OHLCV candle; `volume` is USD traded during it (for a chart's candle, an estimate: chart-candles.ts). */
export interface Candle {
  openTime: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
