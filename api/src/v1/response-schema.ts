import { v1AnswerJsonSchemas, type V1OperationId } from '@coinsight/contracts';

/**
 * A /v1 route's Fastify options with its response schemas: the JSON Schema of the operation's
 * answers in the contracts' registry (the one the OpenAPI document is made of), so the answer is
 * serialized by its schema (fast-json-stringify, faster than JSON.stringify) and cannot carry a
 * field the document does not describe.
 */
export function v1Schema(operationId: V1OperationId): { schema: { response: Record<number, object> } } {
  return { schema: { response: v1AnswerJsonSchemas(operationId) } };
}
