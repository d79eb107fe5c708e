import { PLANS, type PlanId } from '@coinsight/contracts';
import type { FastifyReply } from 'fastify';
import { serializeList, type Item } from 'structured-headers';
import type { LimitState } from '../services/rate-limit.js';

/**
 * The RateLimit-Policy and RateLimit fields of the IETF draft (draft-ietf-httpapi-ratelimit-headers,
 * the named-policy syntax of -08 on): Structured Field Lists (RFC 9651), one Item per policy, named
 * by a String. Policy: `q` quota, `w` window in seconds. State: `r` remaining, `t` seconds until
 * more quota. Serialized by `structured-headers`, so quoting and parameters are the RFC's.
 */
export const RATE_LIMIT_POLICIES = { key: 'key', account: 'account', month: 'month', test: 'test' } as const;

/** What one answer knows of its limits; filled in as the /v1 hooks run. */
export interface RateLimitFields {
  plan: PlanId;
  key: LimitState;
  /** Null when the key's counter refused the call: the account's was then not counted. */
  account: LimitState | null;
  /** The monthly quota (plans with one), known once the metering hook has run for a billable route. */
  month: { remaining: number; resetSeconds: number } | null;
  /** The current UTC month's length in seconds: the monthly policy's window. */
  monthSeconds: number;
}

const SECONDS_PER_MINUTE = 60;

/** Writes both fields for the state so far; called again by each hook that learns more (replacing them). */
export function writeRateLimitFields(reply: FastifyReply, fields: RateLimitFields): void {
  const plan = PLANS[fields.plan];
  const policy: Item[] = [
    [
      RATE_LIMIT_POLICIES.key,
      new Map([
        ['q', plan.requestsPerMinute],
        ['w', SECONDS_PER_MINUTE],
      ]),
    ],
    [
      RATE_LIMIT_POLICIES.account,
      new Map([
        ['q', plan.requestsPerMinute],
        ['w', SECONDS_PER_MINUTE],
      ]),
    ],
  ];
  if (plan.monthlyQuota !== null) {
    policy.push([
      RATE_LIMIT_POLICIES.month,
      new Map([
        ['q', plan.monthlyQuota],
        ['w', fields.monthSeconds],
      ]),
    ]);
  }
  const state: Item[] = [
    [
      RATE_LIMIT_POLICIES.key,
      new Map([
        ['r', fields.key.remaining],
        ['t', fields.key.resetSeconds],
      ]),
    ],
  ];
  if (fields.account) {
    state.push([
      RATE_LIMIT_POLICIES.account,
      new Map([
        ['r', fields.account.remaining],
        ['t', fields.account.resetSeconds],
      ]),
    ]);
  }
  if (fields.month && plan.monthlyQuota !== null) {
    state.push([
      RATE_LIMIT_POLICIES.month,
      new Map([
        ['r', fields.month.remaining],
        ['t', fields.month.resetSeconds],
      ]),
    ]);
  }
  reply.header('ratelimit-policy', serializeList(policy));
  reply.header('ratelimit', serializeList(state));
}

/** A test key's answer (docs/api-keys.md, "Test mode"): its one policy, the test limit, named `test`. */
export function writeTestRateLimitFields(reply: FastifyReply, state: LimitState): void {
  const policy: Item[] = [
    [
      RATE_LIMIT_POLICIES.test,
      new Map([
        ['q', state.limit],
        ['w', SECONDS_PER_MINUTE],
      ]),
    ],
  ];
  const now: Item[] = [
    [
      RATE_LIMIT_POLICIES.test,
      new Map([
        ['r', state.remaining],
        ['t', state.resetSeconds],
      ]),
    ],
  ];
  reply.header('ratelimit-policy', serializeList(policy)).header('ratelimit', serializeList(now));
}
