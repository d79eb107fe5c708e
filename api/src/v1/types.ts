import type { ApiKeyIdentity } from '../services/api-keys/verify.js';
import type { Reservation } from '../services/billing/metering/meter.js';
import type { ServiceDeps } from '../services/deps.js';
import type { TestMode } from './test-mode.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The test keys' dataset and deps (v1/test-mode.ts). */
    testMode: TestMode;
  }

  interface FastifyRequest {
    /**
     * What a /v1 handler passes its services, set by the auth hook: the app's deps for a live key,
     * test mode's (the fixed dataset, its clock) for a test key. Handlers use this, never `app.deps`.
     */
    deps: ServiceDeps;
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
    /**
     * false: the route is rate-limited but never counted or billed (GET /v1/usage, the 404s). A
     * documented route's is the registry's (v1/response-schema.ts), never written by hand.
     */
    billable?: boolean;
    /** The registry's operation id of a documented route (v1/response-schema.ts), for the request log. */
    operationId?: string;
  }
}
