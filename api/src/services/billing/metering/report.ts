import { sql, type Expression, type RawBuilder } from 'kysely';
import type { ServiceDeps } from '../../deps.js';
import { hourOf, monthOf } from '../period.js';
import type { BillingStripe } from '../stripe.js';

// Each account's Pro calls per hour go to Stripe's Billing Meter exactly once.
// An hour is reported once it is settled (SETTLE_MS after its end: a call reserved in it has had
// its answer, and a failed one given its count back). Its value is fixed in meter_reports before
// anything is sent, under an identifier derived from (account, hour); it is marked sent once
// Stripe accepted it. A run killed between the two, a retry, or a second instance running at
// the same time sends the same identifier with the same value again, which Stripe de-duplicates
// (for at least 24 hours, far longer than the next run takes to come).

/** An hour is reported this long after it ends. */
export const SETTLE_MS = 5 * 60_000;
/** Stripe takes meter events up to 35 days old; older hours are never sent (and show as drift). */
export const MAX_EVENT_AGE_MS = 35 * 86_400_000;

const METER_IDENTIFIER_PREFIX = 'usage-';

/**
 * The meter event identifier of an account's hour: stable, so a resend is the same event, and
 * Stripe bills an hour once only while every run names it alike. The report fixes it in SQL
 * (meterIdentifierSql, which must spell the same string); report.int.test.ts compares the two.
 */
export function meterIdentifier(userId: string, hour: Date): string {
  return `${METER_IDENTIFIER_PREFIX}${userId}-${hour.toISOString()}`;
}

/** meterIdentifier in SQL, for a row's account and hour: the prefix, the id and the hour as toISOString writes it (UTC, milliseconds, Z). */
export function meterIdentifierSql(userId: Expression<string>, hour: Expression<Date>): RawBuilder<string> {
  return sql<string>`${sql.lit(METER_IDENTIFIER_PREFIX)} || ${userId} || '-' || to_char(${hour} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'stripe' | 'now'>;

export interface ReportResult {
  /** Rows fixed in meter_reports by this run. */
  recorded: number;
  /** Events Stripe accepted in this run (resends included). */
  sent: number;
  /** Calls those events carried. */
  calls: number;
}

/**
 * Fixes every settled, unreported hour of Pro usage of the accounts with a Stripe customer, then
 * sends what is not marked sent yet, as of `deps.now()` (the job's slot). `signal` stops it
 * between events (the runner stopping).
 */
export async function reportUsage(deps: Deps, input: { signal?: AbortSignal }): Promise<ReportResult> {
  const stripe = deps.stripe;
  if (!stripe) return { recorded: 0, sent: 0, calls: 0 };
  const now = deps.now();
  const settledBefore = hourOf(new Date(now.getTime() - SETTLE_MS));
  const notBefore = new Date(now.getTime() - MAX_EVENT_AGE_MS + 3_600_000);
  // One statement: concurrent runs insert the same (account, hour) once (the primary key).
  const recorded = await sql<{ user_id: string }>`
    insert into meter_reports (user_id, hour, stripe_customer_id, identifier, calls)
    select h.user_id, h.hour, b.stripe_customer_id, ${meterIdentifierSql(sql.ref('h.user_id'), sql.ref('h.hour'))}, sum(h.pro_calls)::int4
    from api_usage_hourly h
    join billing_accounts b on b.user_id = h.user_id
    where h.hour < ${settledBefore} and h.hour >= ${notBefore}
      and not exists (select 1 from meter_reports r where r.user_id = h.user_id and r.hour = h.hour)
    group by h.user_id, h.hour, b.stripe_customer_id
    having sum(h.pro_calls) > 0
    on conflict do nothing
    returning user_id
  `.execute(deps.db);
  const result = await sendPending(deps, stripe, { now, signal: input.signal });
  return { recorded: recorded.rows.length, ...result };
}

async function sendPending(
  deps: Deps,
  stripe: BillingStripe,
  options: { now: Date; signal?: AbortSignal },
): Promise<{ sent: number; calls: number }> {
  const pending = await deps.db
    .selectFrom('meter_reports')
    .select(['user_id', 'hour', 'stripe_customer_id', 'identifier', 'calls'])
    .where('sent_at', 'is', null)
    .where('hour', '>=', new Date(options.now.getTime() - MAX_EVENT_AGE_MS + 3_600_000))
    .orderBy('hour')
    .orderBy('user_id')
    .limit(5_000)
    .execute();
  let sent = 0;
  let calls = 0;
  for (const row of pending) {
    options.signal?.throwIfAborted();
    await stripe.client.billing.meterEvents.create(
      {
        event_name: stripe.settings.meterEventName,
        identifier: row.identifier,
        // The hour's last second: Stripe files the event in the hour it counts.
        timestamp: Math.floor(row.hour.getTime() / 1000) + 3_599,
        payload: { stripe_customer_id: row.stripe_customer_id, value: String(row.calls) },
      },
      // The identifier is the de-duplication; the same key also makes Stripe replay a retried POST.
      { idempotencyKey: row.identifier },
    );
    // A stop here (accepted, not yet marked) resends the same event next run: no double bill.
    options.signal?.throwIfAborted();
    await deps.db
      .updateTable('meter_reports')
      .set({ sent_at: deps.now() })
      .where('identifier', '=', row.identifier)
      .where('sent_at', 'is', null)
      .execute();
    sent += 1;
    calls += row.calls;
  }
  if (sent > 0) deps.log.info({ event: 'billing.meter_reported', sent, calls }, 'usage sent to the Stripe meter');
  return { sent, calls };
}

export interface DriftRow {
  userId: string;
  /** Pro calls in the local meter over the settled hours checked. */
  local: number;
  /** Calls in meter events Stripe accepted (meter_reports marked sent). */
  sent: number;
  /** Calls Stripe's meter summed for the customer (with STRIPE_METER_ID), else null. */
  stripe: number | null;
}

export interface Reconciliation {
  from: string;
  to: string;
  accounts: number;
  local: number;
  sent: number;
  /** Accounts whose figures differ: a row is drift when local, sent and (if read) Stripe's sum disagree. */
  drift: DriftRow[];
}

/**
 * Compares the local meter (Pro calls per settled hour, accounts with a Stripe customer) with what
 * Stripe was told (meter_reports marked sent) and, with STRIPE_METER_ID, with what Stripe's meter
 * summed. Over [from, to), never past the last settled hour (default: the current month).
 */
export async function reconcileMeter(deps: Deps, input: { from?: Date; to?: Date }): Promise<Reconciliation> {
  const now = deps.now();
  const settled = hourOf(new Date(now.getTime() - SETTLE_MS));
  const to = input.to && input.to < settled ? input.to : settled;
  const from = input.from ?? monthOf(now).start;
  const local = await sql<{ user_id: string; stripe_customer_id: string; calls: string }>`
    select h.user_id, b.stripe_customer_id, sum(h.pro_calls)::int8 as calls
    from api_usage_hourly h join billing_accounts b on b.user_id = h.user_id
    where h.hour >= ${from} and h.hour < ${to}
    group by h.user_id, b.stripe_customer_id
  `.execute(deps.db);
  const sent = await sql<{ user_id: string; stripe_customer_id: string; calls: string }>`
    select user_id, stripe_customer_id, sum(calls)::int8 as calls from meter_reports
    where sent_at is not null and hour >= ${from} and hour < ${to}
    group by user_id, stripe_customer_id
  `.execute(deps.db);
  const rows = new Map<string, DriftRow & { customer: string }>();
  for (const r of local.rows)
    rows.set(r.user_id, { userId: r.user_id, customer: r.stripe_customer_id, local: Number(r.calls), sent: 0, stripe: null });
  for (const r of sent.rows) {
    const row = rows.get(r.user_id) ?? { userId: r.user_id, customer: r.stripe_customer_id, local: 0, sent: 0, stripe: null };
    row.sent = Number(r.calls);
    rows.set(r.user_id, row);
  }
  const meterId = deps.stripe?.settings.meterId;
  if (deps.stripe && meterId) {
    for (const row of rows.values()) {
      const summaries = await deps.stripe.client.billing.meters.listEventSummaries(meterId, {
        customer: row.customer,
        start_time: Math.floor(from.getTime() / 1000),
        end_time: Math.floor(to.getTime() / 1000),
      });
      row.stripe = summaries.data.reduce((sum, s) => sum + s.aggregated_value, 0);
    }
  }
  const all = [...rows.values()];
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    accounts: all.length,
    local: all.reduce((sum, r) => sum + r.local, 0),
    sent: all.reduce((sum, r) => sum + r.sent, 0),
    drift: all
      .filter((r) => r.local !== r.sent || (r.stripe !== null && r.stripe !== r.sent))
      .map(({ userId, local: l, sent: s, stripe: st }) => ({ userId, local: l, sent: s, stripe: st })),
  };
}
