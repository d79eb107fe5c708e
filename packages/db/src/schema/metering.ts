import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/**
 * The store that enforces the monthly quota: one row per account and calendar month (UTC),
 * reserved by one conditional upsert per /v1 call and given back when the answer is not a 2xx.
 */
export interface ApiUsageMonthlyTable {
  user_id: string;
  /** Start of the calendar month, UTC. */
  month: Date;
  /** Calls made on the Free plan: these count against its quota. */
  free_calls: ColumnType<number, number | undefined, number>;
  /** Calls made on Pro: each is billed. */
  pro_calls: ColumnType<number, number | undefined, number>;
}

/** Calls per key and hour, written with the monthly row in one statement. */
export interface ApiUsageHourlyTable {
  key_id: number;
  user_id: string;
  /** Start of the hour, UTC. */
  hour: Date;
  calls: ColumnType<number, number | undefined, number>;
  /** Of those, calls made on Pro (billed): what the meter report sends to Stripe. */
  pro_calls: ColumnType<number, number | undefined, number>;
}

/** One Billing Meter event per account and hour: value fixed before sending, sent_at once Stripe accepted it. */
export interface MeterReportsTable {
  user_id: string;
  hour: Date;
  stripe_customer_id: string;
  identifier: string;
  calls: number;
  created_at: Generated<Date>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One /v1 call made with a key, written in batches after its answer and kept 30 days. */
export interface ApiRequestLogsTable {
  id: GeneratedAlways<number>;
  user_id: string;
  key_id: number;
  /** When the request arrived. */
  at: Date;
  method: string;
  /** The path without its query string. */
  path: string;
  /** The registry's operation id; null for a path /v1 does not have. */
  operation: string | null;
  status: number;
  latency_ms: number;
  /** Counted against the quota (Free) or billed (Pro): a 2xx of a billable operation with a live key. */
  billed: boolean;
  cost_micros: number;
  request_id: string;
}
