/** One quote per asset per feed tick (kept 48 hours). Figures are doubles: see the migration. */
export interface PriceTicksTable {
  asset: string;
  time: Date;
  /** USD. */
  price: number;
  /** USD traded over the 24 hours before `time`, as the feed reports it. */
  volume_24h: number | null;
  /** USD. */
  market_cap: number | null;
}
