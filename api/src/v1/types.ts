import type { PlanId } from '@coinsight/contracts';
import type { Reservation } from '../services/billing/meter.js';

/** The key a /v1 call was made with, as the auth hook found it. */
export interface ApiKeyIdentity {
  /** api_keys.id, as text. */
  id: string;
  /** The owner: quotas, limits and data belong to this account. */
  userId: string;
  name: string;
  /** The owner's plan when the call arrived: its limits, quota and price apply to the call. */
  plan: PlanId;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the /v1 auth hook (v1/auth.ts) before any /v1 handler or preHandler runs; a call
     * without a valid key is answered 401 before it gets that far. Outside /v1 it is null.
     */
    apiKey: ApiKeyIdentity;
    /** The call's count, reserved by the metering preHandler; given back unless the answer is a 2xx. */
    meteringReservation: Reservation | null;
    /** Set by a route (notBillable) for a 2xx that must not be billed, e.g. an idempotent replay. */
    notBillable: boolean;
  }

  interface FastifyContextConfig {
    /** false: the route is rate-limited but never counted or billed (GET /v1/usage, the 404s). */
    billable?: boolean;
  }
}
