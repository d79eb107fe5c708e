/**
 * The parts of the /v1 OpenAPI 3.1 document that the reference page and the sandbox read, taken
 * from the parsed JSON (an unknown value) into small types of our own: the page renders whatever
 * the server documents, and a field it does not know is skipped rather than trusted.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A JSON Schema with every `$ref` into the document resolved (cycles cut off). */
export type Schema = JsonObject;

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ParameterLocation = 'query' | 'path' | 'header';

export interface ApiParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  schema?: Schema;
  /** What the document gives as an example, as the text a form field holds. */
  example?: string;
}

export interface ApiRequestBody {
  required: boolean;
  description?: string;
  schema?: Schema;
  example?: JsonValue;
}

export interface ApiResponse {
  status: string;
  description: string;
  schema?: Schema;
  example?: JsonValue;
}

export interface ApiOperation {
  operationId: string;
  method: HttpMethod;
  /** The full path a client calls, server base included: `/v1/crypto/prices`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  parameters: ApiParameter[];
  requestBody?: ApiRequestBody;
  responses: ApiResponse[];
}

export interface ApiReference {
  title: string;
  version: string;
  operations: ApiOperation[];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJson(value: unknown): value is JsonValue {
  return value === null || ['boolean', 'number', 'string', 'object'].includes(typeof value);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** Follows a local `#/components/...` pointer; anything else is left as it is. */
function follow(document: JsonObject, value: JsonValue | undefined): JsonValue | undefined {
  let current = value;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) return current;
    seen.add(ref);
    let target: JsonValue | undefined = document;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

const MAX_SCHEMA_DEPTH = 8;

/** A schema with its `$ref`s replaced by what they point at, deep enough for any page to show. */
function resolveSchema(document: JsonObject, value: JsonValue | undefined, depth = 0): Schema | undefined {
  const schema = follow(document, value);
  if (!isObject(schema)) return undefined;
  if (depth >= MAX_SCHEMA_DEPTH) return { ...schema };
  const out: Schema = {};
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'properties' && isObject(child)) {
      const properties: JsonObject = {};
      for (const [name, property] of Object.entries(child)) properties[name] = resolveSchema(document, property, depth + 1) ?? {};
      out.properties = properties;
    } else if ((key === 'items' || key === 'additionalProperties') && isObject(child)) {
      out[key] = resolveSchema(document, child, depth + 1) ?? {};
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(child)) {
      out[key] = child.map((option) => resolveSchema(document, option, depth + 1) ?? {});
    } else {
      out[key] = child;
    }
  }
  return out;
}

/** The first example a schema carries: `example`, OpenAPI 3.1's `examples` list, or `default`. */
function schemaExample(schema: Schema | undefined): JsonValue | undefined {
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  return undefined;
}

/** An example put together from the examples of an object's properties, when it has none itself. */
function builtExample(schema: Schema | undefined, depth = 0): JsonValue | undefined {
  const own = schemaExample(schema);
  if (own !== undefined || !schema || depth > MAX_SCHEMA_DEPTH) return own;
  if (isObject(schema.properties)) {
    const out: JsonObject = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      const example = isObject(property) ? builtExample(property, depth + 1) : undefined;
      if (example !== undefined) out[name] = example;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  if (isObject(schema.items)) {
    const item = builtExample(schema.items, depth + 1);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}

/** A media type's example: `example`, the first of `examples` (by value), else its schema's. */
function mediaExample(document: JsonObject, media: JsonObject, schema: Schema | undefined): JsonValue | undefined {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    for (const entry of Object.values(media.examples)) {
      const example = follow(document, entry);
      if (isObject(example) && example.value !== undefined) return example.value;
    }
  }
  return builtExample(schema);
}

function jsonContent(document: JsonObject, content: JsonValue | undefined): { schema?: Schema; example?: JsonValue } {
  if (!isObject(content)) return {};
  const media = content['application/json'] ?? Object.values(content)[0];
  if (!isObject(media)) return {};
  const schema = resolveSchema(document, media.schema);
  return { schema, example: mediaExample(document, media, schema) };
}

/** A parameter's example as a form field holds it: lists joined with commas, as the API reads them. */
function fieldText(value: JsonValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(',');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parameter(document: JsonObject, raw: JsonValue): ApiParameter | undefined {
  const value = follow(document, raw);
  if (!isObject(value)) return undefined;
  const name = text(value.name);
  const location = value.in;
  if (!name || (location !== 'query' && location !== 'path' && location !== 'header')) return undefined;
  // The key goes in the sandbox's own field; a documented Authorization header is that.
  if (location === 'header' && name.toLowerCase() === 'authorization') return undefined;
  const schema = resolveSchema(document, value.schema);
  let example = value.example;
  if (example === undefined && isObject(value.examples)) {
    const first = follow(document, Object.values(value.examples)[0]);
    if (isObject(first)) example = first.value;
  }
  return {
    name,
    in: location,
    required: location === 'path' || value.required === true,
    description: text(value.description) ?? text(schema?.description),
    schema,
    example: fieldText(example ?? schemaExample(schema)),
  };
}

/** Operation parameters override the path item's of the same name and place. */
function parameters(document: JsonObject, shared: JsonValue | undefined, own: JsonValue | undefined): ApiParameter[] {
  const all = [...(Array.isArray(shared) ? shared : []), ...(Array.isArray(own) ? own : [])]
    .map((raw) => parameter(document, raw))
    .filter((item): item is ApiParameter => item !== undefined);
  const byKey = new Map(all.map((item) => [`${item.in}:${item.name}`, item]));
  return [...byKey.values()];
}

function basePath(document: JsonObject): string {
  const servers = document.servers;
  const first = Array.isArray(servers) && isObject(servers[0]) ? text(servers[0].url) : undefined;
  if (!first) return '';
  try {
    return new URL(first, 'http://base.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

function operation(document: JsonObject, path: string, method: HttpMethod, raw: JsonObject, item: JsonObject): ApiOperation {
  const body = follow(document, raw.requestBody);
  const responses = isObject(raw.responses) ? raw.responses : {};
  const tags = Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  return {
    operationId: text(raw.operationId) ?? `${method} ${path}`,
    method,
    path,
    summary: text(raw.summary) ?? text(item.summary) ?? `${method.toUpperCase()} ${path}`,
    description: text(raw.description) ?? text(item.description),
    tag: tags[0] ?? 'Other',
    parameters: parameters(document, item.parameters, raw.parameters),
    requestBody: isObject(body)
      ? { required: body.required === true, description: text(body.description), ...jsonContent(document, body.content) }
      : undefined,
    responses: Object.entries(responses).map(([status, value]) => {
      const response = follow(document, value);
      const fields = isObject(response) ? response : {};
      return { status, description: text(fields.description) ?? '', ...jsonContent(document, fields.content) };
    }),
  };
}

/** The operations of an OpenAPI 3.x document, in the document's order; throws if it is not one. */
export function readApiReference(raw: unknown): ApiReference {
  if (!isObject(raw) || !isJson(raw) || typeof raw.openapi !== 'string' || !isObject(raw.paths)) {
    throw new Error('The API description is not an OpenAPI document.');
  }
  const document = raw;
  const info = isObject(document.info) ? document.info : {};
  const base = basePath(document);
  const operations: ApiOperation[] = [];
  for (const [rawPath, rawItem] of Object.entries(raw.paths)) {
    const item = follow(document, rawItem);
    if (!isObject(item)) continue;
    const path = base && !rawPath.startsWith(`${base}/`) ? `${base}${rawPath}` : rawPath;
    for (const method of HTTP_METHODS) {
      const value = item[method];
      if (isObject(value)) operations.push(operation(document, path, method, value, item));
    }
  }
  return { title: text(info.title) ?? 'API', version: text(info.version) ?? '', operations };
}

/** Operations grouped by their first tag, groups in order of first appearance. */
export function byTag(operations: readonly ApiOperation[]): [string, ApiOperation[]][] {
  const groups = new Map<string, ApiOperation[]>();
  for (const item of operations) groups.set(item.tag, [...(groups.get(item.tag) ?? []), item]);
  return [...groups.entries()];
}

/** A schema's type as a reader says it: `string`, `array of number`, `"1m" | "1h"`, `string or null`. */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) return options.map((option) => typeLabel(isObject(option) ? option : undefined)).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.filter((item) => typeof item === 'string').join(' or ') : schema.type;
  if (type === 'array') return `array of ${typeLabel(isObject(schema.items) ? schema.items : undefined)}`;
  return typeof type === 'string' && type ? (typeof schema.format === 'string' ? `${type} (${schema.format})` : type) : 'object';
}

export function propertiesOf(schema: Schema | undefined): { name: string; schema: Schema; required: boolean }[] {
  if (!schema) return [];
  const target = schema.type === 'array' && isObject(schema.items) ? schema.items : schema;
  if (!isObject(target.properties)) return [];
  const required = Array.isArray(target.required) ? target.required : [];
  return Object.entries(target.properties).map(([name, property]) => ({
    name,
    schema: isObject(property) ? property : {},
    required: required.includes(name),
  }));
}

export function prettyJson(value: JsonValue | undefined): string {
  return JSON.stringify(value, null, 2) ?? '';
}
