import { v1AnswerJsonSchemas, v1Billable, type V1OperationId } from '@coinsight/contracts';

/** A /v1 route's config, from the contracts' registry: whether its calls are counted and billed. */
export function v1RouteConfig(operationId: V1OperationId): { billable: boolean; operationId: V1OperationId } {
  return { billable: v1Billable(operationId), operationId };
}

/**
 * A /v1 route's Fastify options from the contracts' registry: the JSON Schema of the operation's
 * answers (the one the OpenAPI document is made of), so the answer is serialized by its schema
 * (fast-json-stringify, faster than JSON.stringify) and cannot carry a field the document does not
 * describe, and its config (`v1RouteConfig`), so a route is declared free in the registry only.
 */
export function v1Schema(operationId: V1OperationId): {
  schema: { response: Record<number, object> };
  config: { billable: boolean; operationId: V1OperationId };
} {
  return { schema: { response: v1AnswerJsonSchemas(operationId) }, config: v1RouteConfig(operationId) };
}
