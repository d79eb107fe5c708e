import type { MarketSparklines } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';

const HOUR = 3_600_000;
const SPARKLINE_HOURS = 7 * 24;

/**
 * Every asset's hourly closes over the last 7 days (the hour in progress included), from the
 * 1-hour candles, in one query: the /market table draws a small line per row from them.
 */
export async function marketSparklines(deps: Pick<ServiceDeps, 'db' | 'now'>, _input: NoInput): Promise<MarketSparklines> {
  const { db } = deps;
  const now = deps.now();
  const to = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  const from = new Date(to.getTime() - SPARKLINE_HOURS * HOUR);
  const rows = await sql<{ symbol: string; closes: number[] }>`
    select asset as symbol, array_agg(close order by open_time) as closes
    from candles
    where interval = '1h' and open_time >= ${from} and open_time < ${to}
    group by asset
    order by asset
  `.execute(db);
  return {
    interval: '1h',
    from: from.toISOString(),
    to: to.toISOString(),
    series: rows.rows.map((row) => ({ symbol: row.symbol, closes: row.closes.map(Number) })),
  };
}
