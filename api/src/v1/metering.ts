import { budgetExceededMessage, FREE_CALLS_PER_MONTH, PLANS } from '@coinsight/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { budgetAmountCents } from '../services/billing/budgets/budget.js';
import { noteBudgetUsage } from '../services/billing/budgets/notices.js';
import { releaseCall, reserveCall } from '../services/billing/metering/meter.js';
import { monthOf } from '../services/billing/period.js';
import type { LimitState, RateLimit } from '../services/rate-limit.js';
import { keyCallerOf } from './caller.js';
import { isPublicRoute, PUBLIC_KEY_READ_ONLY_MESSAGE } from './auth.js';
import { V1Error } from './errors.js';
import { writeRateLimitFields, writeTestRateLimitFields, type RateLimitFields } from './ratelimit-fields.js';

const count = new Intl.NumberFormat('en-US');

export function rateLimitMessage(limit: number, scope: 'key' | 'account'): string {
  return `Rate limit of ${count.format(limit)} requests per minute exceeded for ${scope === 'key' ? 'this API key' : 'this account'}`;
}

export function quotaMessage(periodEnd: Date): string {
  return `Monthly quota of ${count.format(FREE_CALLS_PER_MONTH)} calls reached on the Free plan; it resets on ${periodEnd.toISOString().slice(0, 10)} UTC. Upgrade to Pro to continue.`;
}

/** The legacy trio (draft -06 and before), kept beside RateLimit-Policy/RateLimit for clients that read it. */
function setRateLimitHeaders(reply: FastifyReply, state: LimitState) {
  reply.header('ratelimit-limit', String(state.limit));
  reply.header('ratelimit-remaining', String(state.remaining));
  reply.header('ratelimit-reset', String(state.resetSeconds));
}

/** Each /v1 call's limit state, as the hooks learn it (rate limit, then the monthly reservation, then its release). */
const fieldsOf = new WeakMap<FastifyRequest, RateLimitFields>();

/** The monthly policy's window: the length of the UTC calendar month holding `now`, in seconds. */
function monthSeconds(now: Date): number {
  const { start, end } = monthOf(now);
  return (end.getTime() - start.getTime()) / 1000;
}

/** What is left of the monthly quota and the seconds until it starts again, as of `now`. */
function monthState(now: Date, used: number, quota: number): NonNullable<RateLimitFields['month']> {
  const { end } = monthOf(now);
  return { remaining: Math.max(0, quota - used), resetSeconds: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)) };
}

/**
 * onRequest hook of the /v1 scope, after authentication: one hit on the key's counter and one on
 * the account's, each at the plan's requests per minute (in Redis when configured, so every
 * instance shares them; per instance while Redis is down). Every authenticated answer carries the
 * legacy RateLimit-Limit/-Remaining/-Reset of the tighter counter and the draft's RateLimit-Policy
 * and RateLimit with every policy, whatever its status; running before parsing and validation
 * means 400s, 404s, 413s and 415s carry them too. Refused calls count as requests.
 */
export async function rateLimitHook(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // The public OpenAPI document has no key to count against (v1/auth.ts lets it through).
  if (isPublicRoute(request)) return;
  const { id, userId, plan, mode, publicKey } = request.apiKey;
  const limits = this.deps.limits;
  if (mode === 'test') {
    await testRateLimit(request, reply, publicKey ? limits.apiPublicTest : limits.apiTest, publicKey ? request.ip : `${userId}:${id}`);
    // The public test key reads only: anyone has it, so it must not create or delete anything.
    if (publicKey && request.method !== 'GET' && request.method !== 'HEAD')
      throw new V1Error(403, 'forbidden', PUBLIC_KEY_READ_ONLY_MESSAGE);
    return;
  }
  // A key's counter is named by its owner too: key ids restart in a fresh database, user ids do not.
  const key = await limits.apiPerKey[plan].hit(`${userId}:${id}`);
  const account = key.allowed ? await limits.apiPerAccount[plan].hit(userId) : null;
  // The counter that decides: a refusing one, else the one with less left.
  const binding = account && (!account.allowed || account.remaining < key.remaining) ? account : key;
  setRateLimitHeaders(reply, binding);
  const fields: RateLimitFields = { plan, key, account, month: null, monthSeconds: monthSeconds(this.deps.now()) };
  fieldsOf.set(request, fields);
  writeRateLimitFields(reply, fields);
  if (!binding.allowed) {
    reply.header('retry-after', String(binding.resetSeconds));
    request.log.info({ event: 'v1.rate_limited', apiKeyId: id, userId, scope: binding === key ? 'key' : 'account' }, 'rate limited');
    throw new V1Error(429, 'rate_limited', rateLimitMessage(binding.limit, binding === key ? 'key' : 'account'));
  }
}

/**
 * Test keys' own per-minute limit (docs/api-keys.md): one counter per test key, and one per client
 * address for the public test key (everyone shares its secret). Never the live counters, so trying
 * the test dataset takes nothing from the account's live rate.
 */
async function testRateLimit(request: FastifyRequest, reply: FastifyReply, limit: RateLimit, subject: string): Promise<void> {
  const state = await limit.hit(subject);
  setRateLimitHeaders(reply, state);
  writeTestRateLimitFields(reply, state);
  if (!state.allowed) {
    reply.header('retry-after', String(state.resetSeconds));
    request.log.info({ event: 'v1.rate_limited', apiKeyId: request.apiKey.id, scope: 'test' }, 'rate limited');
    throw new V1Error(429, 'rate_limited', rateLimitMessage(state.limit, 'key'));
  }
}

/**
 * preHandler of the /v1 scope: reserves the call's count in the store that enforces the monthly
 * quota before the handler runs (services/billing/metering/meter.ts), or answers 429 quota_exceeded when
 * a Free account has used its month, or 402 budget_exceeded when a Pro account's hard-capped
 * budget is reached (no Retry-After: waiting for the month's end is rarely what a client wants;
 * the message says when it resets). Routes with `config: { billable: false }` skip it, and so does
 * every test-key call: test mode is never metered, billed or counted against a quota or budget.
 */
export async function meteringHook(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.routeOptions.config.billable === false) return;
  // HEAD (Fastify answers it with the GET route, without the body) and OPTIONS deliver no data: never counted or billed.
  if (request.method === 'HEAD' || request.method === 'OPTIONS') return;
  // Test keys are never metered (docs/api-keys.md, "Test mode").
  if (request.apiKey.mode === 'test') return;
  const { id, userId, plan } = request.apiKey;
  const caller = keyCallerOf(request);
  const result = await reserveCall(this.deps, { keyId: Number(id) }, caller);
  const quota = PLANS[plan].monthlyQuota;
  const fields = fieldsOf.get(request);
  if (fields && quota !== null && (result.reserved || result.reason === 'quota')) {
    fields.month = monthState(this.deps.now(), result.reserved ? result.reservation.freeCalls : quota, quota);
    writeRateLimitFields(reply, fields);
  }
  if (!result.reserved && result.reason === 'budget') {
    // Read only on the refusal path: the message names the budget.
    const cents = await budgetAmountCents(this.deps, {}, caller);
    request.log.info({ event: 'v1.budget_exceeded', apiKeyId: id, userId }, 'monthly budget reached (hard cap)');
    throw new V1Error(402, 'budget_exceeded', budgetExceededMessage(cents ?? 0, result.periodEnd));
  }
  if (!result.reserved) {
    reply.header('retry-after', String(Math.max(1, Math.ceil((result.periodEnd.getTime() - this.deps.now().getTime()) / 1000))));
    request.log.info({ event: 'v1.quota_exceeded', apiKeyId: id, userId }, 'monthly quota reached');
    throw new V1Error(429, 'quota_exceeded', quotaMessage(result.periodEnd), { quota: PLANS[plan].monthlyQuota });
  }
  request.meteringReservation = result.reservation;
}

/**
 * onSend of the /v1 scope: only a 2xx is billable, so any other answer (a handler's 4xx, a 5xx)
 * gives its reserved count back before it is written, as does a 2xx a route marked notBillable.
 * Should giving it back fail, the call stays counted (logged): never the other way round.
 */
export async function releaseHook(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const reservation = request.meteringReservation;
  if (!reservation) return payload;
  const ok = reply.statusCode >= 200 && reply.statusCode < 300;
  if (ok && !request.notBillable) {
    // Kept and billed: the budget's 80%/100% notices (no query unless a threshold is crossed).
    noteBudgetUsage(this.deps, reservation);
    return payload;
  }
  request.meteringReservation = null;
  try {
    await releaseCall(this.deps, reservation);
    // The count given back is the monthly quota's again.
    const fields = fieldsOf.get(request);
    if (fields?.month) {
      fields.month.remaining += reservation.plan === 'free' ? 1 : 0;
      writeRateLimitFields(reply, fields);
    }
  } catch (error) {
    request.log.error({ err: error, event: 'v1.release_failed', apiKeyId: reservation.keyId }, 'could not give back a call count');
  }
  return payload;
}

/** For a route whose 2xx must not be billed this time (e.g. an idempotent replay of a POST). */
export function notBillable(request: FastifyRequest): void {
  request.notBillable = true;
}
