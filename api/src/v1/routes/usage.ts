import { v1NoQuerySchema, v1RequestLogQuerySchema, type RequestLogPage, type V1UsageResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { keyUsageSummary } from '../../services/billing/metering/usage.js';
import { listRequestLogs } from '../../services/request-log/list.js';
import { keyCallerOf } from '../caller.js';
import { v1Schema } from '../response-schema.js';

/** Its schema is in the contracts (v1/usage.ts), for the OpenAPI document and the SDK. */
export type V1UsageAnswer = V1UsageResponse;

/**
 * GET /v1/usage: this key's and this account's calls this month, quota and cost; the same figures
 * as the billing tab (services/billing/metering/usage.ts). Rate-limited like every call, never billed:
 * checking one's usage must not cost anything or use up the quota (it also answers once the quota is used).
 * GET /v1/usage/requests: the account's request log (services/request-log/list.ts), never billed either.
 */
export async function usageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/usage', v1Schema('getUsage'), async (request): Promise<V1UsageAnswer> => {
    v1NoQuerySchema.parse(request.query);
    const { id, name } = request.apiKey;
    return keyUsageSummary(request.deps, { keyId: Number(id), name }, keyCallerOf(request));
  });
  app.get('/usage/requests', v1Schema('listRequests'), async (request): Promise<RequestLogPage> =>
    listRequestLogs(request.deps, v1RequestLogQuerySchema.parse(request.query), keyCallerOf(request)),
  );
}
