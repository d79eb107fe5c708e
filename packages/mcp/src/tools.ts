import { V1_OPERATIONS, v1AnswerJsonSchemas, v1OpenApiDocument, type V1Operation, type V1OperationId } from '@coinsight/contracts';

// The /v1 operations as MCP tools, generated from the operation registry the OpenAPI
// document comes from: a new /v1 operation is a new tool with nothing to write here. The input
// schema is the document's own (query, path and header parameters with their descriptions and
// examples, the JSON body's properties) so an agent sees exactly what a generated client sees.
// Arguments are not checked here: the /v1 API validates them and answers in its one error shape,
// which the tool result carries, so an agent reads the same `message` and `param` a developer does.

/** A JSON Schema object as MCP's tools/list carries it (its root is always `type: object`). */
export type JsonSchemaObject = { type: 'object'; properties?: Record<string, object>; required?: string[] } & Record<string, unknown>;

export interface V1Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject;
  /** The success answer's schema, when it is an object (MCP's structuredContent is one). */
  outputSchema?: JsonSchemaObject;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  operation: V1Operation;
  /** Arguments sent as headers, by argument name: e.g. `idempotencyKey` → `Idempotency-Key`. */
  headerArgs: Record<string, string>;
}

/** The /v1 request a tool call makes: what `call` sends, over HTTP or injected into the app. */
export interface V1Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query string, e.g. `/v1/crypto/prices?symbols=BTC%2CETH`. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body of a POST or PUT. */
  body?: Record<string, unknown>;
}

/** `getCryptoPrices` → `get_crypto_prices`: MCP clients and models read snake_case tool names best. */
export function toolName(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** `Idempotency-Key` → `idempotencyKey`. */
function headerArgName(header: string): string {
  const [first = '', ...rest] = header.split('-');
  return first.toLowerCase() + rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()).join('');
}

interface DocParameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: Record<string, unknown>;
}

type Document = ReturnType<typeof v1OpenApiDocument>;

function inlineRefs(node: unknown, document: Document, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, document, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const match = /^#\/components\/(schemas|parameters|requestBodies)\/(.+)$/.exec(ref);
    const components = match ? (document.components as Record<string, Record<string, unknown> | undefined> | undefined) : undefined;
    const target = match ? components?.[match[1] as string]?.[match[2] as string] : undefined;
    // A recursive schema would never end: its inner occurrence is left open (any value).
    if (target === undefined || seen.includes(ref)) return {};
    return inlineRefs(target, document, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, document, seen)]));
}

function asObjectSchema(schema: unknown): JsonSchemaObject | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const record = schema as Record<string, unknown>;
  if (record.type === 'object') return record as JsonSchemaObject;
  const branches = record.oneOf ?? record.anyOf;
  if (Array.isArray(branches) && branches.length > 0 && branches.every((b) => (b as { type?: unknown } | null)?.type === 'object'))
    return flattenUnion(record, branches as JsonSchemaObject[]);
  return undefined;
}

/**
 * A union of object bodies (the alert body: a price alert or a mention alert) as one object with
 * every branch's properties, required where every branch requires them: MCP clients expect tool
 * arguments to be one object with its properties named, and /v1 checks the chosen branch anyway
 * (its 400 names the field). A property the branches give different values (`kind`) takes them all.
 */
function flattenUnion(union: Record<string, unknown>, branches: JsonSchemaObject[]): JsonSchemaObject {
  const properties: Record<string, Record<string, unknown>> = {};
  // A property the branches describe differently (`condition` of a price and of a sentiment
  // alert) is described per branch, named by its `kind`.
  const descriptions: Record<string, Map<string, string>> = {};
  for (const branch of branches) {
    const kind = branchKind(branch);
    for (const [name, raw] of Object.entries(branch.properties ?? {})) {
      const property = raw as Record<string, unknown>;
      if (typeof property.description === 'string') (descriptions[name] ??= new Map()).set(property.description, kind);
      const seen = properties[name];
      if (!seen) {
        properties[name] = property;
      } else if ('const' in property && ('const' in seen || 'enum' in seen)) {
        const values = new Set([...((seen.enum as unknown[] | undefined) ?? [seen.const]), property.const]);
        const { const: _const, ...rest } = seen;
        properties[name] = { ...rest, enum: [...values] };
      }
    }
  }
  for (const [name, described] of Object.entries(descriptions)) {
    if (described.size > 1) {
      properties[name] = { ...properties[name], description: [...described].map(([text, kind]) => `${kind}: ${text}`).join('; ') };
    }
  }
  const required = branches.map((branch) => branch.required ?? []).reduce((all, names) => all.filter((name) => names.includes(name)));
  return {
    type: 'object',
    ...(typeof union.description === 'string' ? { description: union.description } : {}),
    properties,
    ...(required.length > 0 ? { required } : {}),
  };
}

/** A union branch's `kind` (its constant, or the first of its values), or "other". */
function branchKind(branch: JsonSchemaObject): string {
  const kind = branch.properties?.kind as Record<string, unknown> | undefined;
  const value = kind?.const ?? (Array.isArray(kind?.enum) ? kind.enum[0] : undefined);
  return typeof value === 'string' ? value : 'other';
}

function inputSchema(operation: V1Operation, document: Document): { schema: JsonSchemaObject; headerArgs: Record<string, string> } {
  const item = document.paths?.[operation.path] as Record<string, { parameters?: unknown[]; requestBody?: unknown }> | undefined;
  const documented = item?.[operation.method];
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const headerArgs: Record<string, string> = {};
  for (const raw of documented?.parameters ?? []) {
    const parameter = inlineRefs(raw, document) as DocParameter;
    const name = parameter.in === 'header' ? headerArgName(parameter.name) : parameter.name;
    if (parameter.in === 'header') headerArgs[name] = parameter.name;
    properties[name] = {
      ...parameter.schema,
      ...(parameter.description ? { description: parameter.description } : {}),
      ...(parameter.example !== undefined ? { examples: [parameter.example] } : {}),
    };
    if (parameter.required) required.push(name);
  }
  const bodySchema = (inlineRefs(documented?.requestBody, document) as { content?: Record<string, { schema?: unknown }> } | undefined)
    ?.content?.['application/json']?.schema;
  const body = asObjectSchema(bodySchema);
  if (bodySchema !== undefined && !body)
    throw new Error(`${operation.operationId}: a JSON body that is not an object cannot be a tool's arguments`);
  const schema: JsonSchemaObject = {
    ...body,
    type: 'object',
    properties: { ...body?.properties, ...properties },
    ...(required.length || body?.required ? { required: [...(body?.required ?? []), ...required] } : {}),
  };
  return { schema, headerArgs };
}

let cached: V1Tool[] | undefined;

/** One tool per /v1 operation that needs a key (the public OpenAPI document is not one). Built once. */
export function v1Tools(): V1Tool[] {
  if (cached) return cached;
  // The server URL and version do not reach a schema.
  const document = v1OpenApiDocument({ serverUrl: 'https://api.coinsight.dev', version: '1' });
  const operations: readonly V1Operation[] = V1_OPERATIONS;
  cached = operations
    .filter((operation) => !operation.public)
    .map((operation) => {
      const { schema, headerArgs } = inputSchema(operation, document);
      const success = Object.keys(operation.responses).map(Number).sort()[0];
      const outputSchema =
        success === undefined ? undefined : asObjectSchema(v1AnswerJsonSchemas(operation.operationId as V1OperationId)[success]);
      return {
        name: toolName(operation.operationId),
        title: operation.summary,
        description: `${operation.summary}. ${operation.description}`,
        inputSchema: schema,
        ...(outputSchema ? { outputSchema } : {}),
        annotations: {
          readOnlyHint: operation.method === 'get',
          // A PUT replaces what was there (the whole watchlist): it can remove entries, as a DELETE does.
          destructiveHint: operation.method === 'delete' || operation.method === 'put',
          idempotentHint: operation.method !== 'post',
          openWorldHint: false,
        },
        operation,
        headerArgs,
      };
    });
  return cached;
}

/** A query value as /v1 reads it: lists comma-separated (`symbols: ["BTC","ETH"]` → `BTC,ETH`). */
function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(queryValue).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The /v1 request of a tool call: path parameters into the path, header arguments into headers,
 * the rest into the JSON body of a POST or the query string otherwise. Unknown arguments are
 * passed on, for /v1 to answer as it answers any client.
 */
export function v1Request(tool: V1Tool, args: Record<string, unknown> = {}): V1Request {
  const rest: Record<string, unknown> = {};
  const headers: Record<string, string> = {};
  const pathNames = new Set([...tool.operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || pathNames.has(name)) continue;
    const header = tool.headerArgs[name];
    if (header) headers[header] = queryValue(value);
    else rest[name] = value;
  }
  const path = tool.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(queryValue(args[name] ?? '')));
  const method = tool.operation.method.toUpperCase() as V1Request['method'];
  if (tool.operation.body) return { method, url: path, headers, body: rest };
  const query = new URLSearchParams(Object.entries(rest).map(([name, value]) => [name, queryValue(value)])).toString();
  return { method, url: query ? `${path}?${query}` : path, headers };
}
