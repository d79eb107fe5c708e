import { TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode, type TRPCRequestInfo } from '@trpc/server/http';
import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
  type TRPCErrorShape,
  type TRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { jsonOnce } from '../services/json-once.js';
import { READ_CACHE_MAX_WEIGHT, READ_CACHE_TTL_MS, readWeight } from '../services/read-cache.js';
import type { Context } from './context.js';
import type { AppRouter } from './root.js';

export type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

/**
 * tRPC at `/trpc/:path`, as `@trpc/server/adapters/fastify` serves it, with a shorter road for
 * the calls that are most of the traffic: GET batches of queries.
 *
 * The library's road turns every request into a WHATWG `Request` wired to an AbortController,
 * parses it again, gives every call an abort signal of its own, builds a WHATWG `Response` and
 * streams it back through Fastify in chunks. A GET query batch needs none of it: its input is in
 * the query string Fastify has already parsed, its statements are bounded by their own timeouts,
 * and its answer is one JSON document. So such a batch is answered here, with tRPC's own pieces
 * (the procedures, `getErrorShape`, `getHTTPStatusCode`, `transformTRPCResponse`) put together
 * as `resolveResponse` puts them: same bodies, statuses, headers and `onError` calls.
 * `fastify-plugin.int.test.ts` holds both roads to that, request by request.
 *
 * Everything else goes through the library's handler unchanged: mutations, subscriptions, a
 * batch naming an unknown or non-query procedure, streamed answers (`trpc-accept`, an event-stream
 * `Accept`), `connectionParams`, a non-batch call, an input that is not a JSON object, a batch
 * past `maxBatchSize`, an escaped path.
 */
export const trpcPlugin: FastifyPluginAsync<{ trpcOptions: TrpcOptions }> = async (app, { trpcOptions }) => {
  // Read before any route exists: tRPC internals this road needs, missing after an upgrade, stop the start.
  const internals = readRouterInternals(trpcOptions.router);

  // As the library's plugin does: tRPC parses bodies itself (this plugin is encapsulated).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
  // Any other type reaches tRPC too, which answers it 415 in its own error shape (the app's root
  // scope has no text/plain parser: plugins/input.ts).
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const batchingOff = trpcOptions.allowBatching === false || trpcOptions.batching?.enabled === false;
  const { maxBatchSize } = trpcOptions;
  const answered: AnsweredCalls = new LRUCache({ maxSize: READ_CACHE_MAX_WEIGHT, sizeCalculation: readWeight, ttl: READ_CACHE_TTL_MS });

  // Control characters in the input: the procedure middleware (trpc.ts) answers them, not plugins/input.ts.
  app.all<{ Params: { path: string } }>('/:path', { config: { checksOwnInput: true } }, async (req, reply) => {
    const { path } = req.params;
    const batch = batchingOff ? null : queryBatchOf(req, path, internals.queries, maxBatchSize);
    if (!batch) return fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
    return answerQueryBatch(req, reply, batch, internals, trpcOptions, answered);
  });
};

type RouterConfig = AnyTRPCRouter['_def']['_config'];

interface RouterInternals {
  /** Dotted path ('social.list.twitter') → query procedure. */
  queries: ReadonlyMap<string, AnyTRPCProcedure>;
  config: RouterConfig;
}

/**
 * What the short road reads of tRPC's router beyond its public API: `_def.procedures` (every
 * procedure by dotted path, each with `_def.type`) and `_def._config` (transformer, error
 * formatter, path separator). Checked once, at start: if an upgrade renames or reshapes them, the
 * server refuses to start with this message rather than answer differently from the library.
 */
export function readRouterInternals(router: AnyTRPCRouter): RouterInternals {
  const fail = (what: string): never => {
    throw new Error(
      `trpc/fastify-plugin.ts: @trpc/server's router no longer has ${what}; the GET query road must be checked against this tRPC version`,
    );
  };
  const def: unknown = Reflect.get(router, '_def');
  if (typeof def !== 'object' || def === null) return fail('_def');
  const procedures: unknown = Reflect.get(def, 'procedures');
  if (typeof procedures !== 'object' || procedures === null || Object.keys(procedures).length === 0) return fail('_def.procedures');
  const config: unknown = Reflect.get(def, '_config');
  const transformer: unknown = typeof config === 'object' && config !== null ? Reflect.get(config, 'transformer') : undefined;
  if (typeof transformer !== 'object' || transformer === null) return fail('_def._config.transformer');
  const input: unknown = Reflect.get(transformer, 'input');
  const output: unknown = Reflect.get(transformer, 'output');
  if (typeof Reflect.get(Object(input), 'deserialize') !== 'function' || typeof Reflect.get(Object(output), 'serialize') !== 'function') {
    return fail('_def._config.transformer.{input.deserialize, output.serialize}');
  }
  // A custom path separator would make the URL path differ from the procedure path read here.
  const separator: unknown = Reflect.get(Object(config), 'pathSeparator');
  if (separator !== undefined && separator !== '.') return fail("the '.' path separator");
  const queries = new Map<string, AnyTRPCProcedure>();
  for (const [path, procedure] of Object.entries(procedures)) {
    const type: unknown = typeof procedure === 'function' ? Reflect.get(Object(Reflect.get(procedure, '_def')), 'type') : undefined;
    if (type !== 'query' && type !== 'mutation' && type !== 'subscription')
      return fail(`a procedure type at _def.procedures['${path}']._def.type`);
    if (type === 'query') queries.set(path, procedure as AnyTRPCProcedure);
  }
  return { queries, config: config as RouterConfig };
}

interface QueryBatch {
  calls: { path: string; procedure: AnyTRPCProcedure }[];
  /** The `input` query parameter parsed: batch index → raw input. */
  inputs: Record<string, unknown>;
  /** The batch as sent: its path and `input` parameter, unparsed. */
  sent: string;
}

/**
 * Answers the read cache made, by who asked (user id, or none) and the call as sent (its batch
 * index in the batch's path and raw input). A call asked again by the same caller, byte for byte,
 * while that answer is fresh is answered with it without running the procedure: tRPC's
 * middleware levels copy the call's options and context at each step, which made a cached tRPC
 * list page cost 45% more server CPU than the same page over REST (hot mode).
 *
 * What the procedure would have done is what this skips, so only what cannot change is skipped:
 * the context is still made for every request (a revoked session is anonymous at once, and no
 * anonymous call finds a user's answers); the same caller with the same raw input passes the
 * same guards and input schema (only successes are kept); and an answer is kept only when it is
 * one the read cache computed for every caller, within the TTL that bounds every cached answer.
 * Answers that depend on the caller (an account's own dataset) never go through the read cache.
 */
type AnsweredCalls = LRUCache<string, object>;

/** The request as a batch the short road answers exactly as the library would, else null. */
function queryBatchOf(
  req: FastifyRequest,
  path: string,
  queries: ReadonlyMap<string, AnyTRPCProcedure>,
  maxBatchSize: number | undefined,
): QueryBatch | null {
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('text/event-stream')) return null;
  // An escaped path is decoded by the library (and may be refused there): left to it.
  if (path.includes('%')) return null;
  const query = req.query as Record<string, unknown>;
  // A repeated parameter arrives as an array here but as its first value in URLSearchParams: left to the library.
  if (query.batch !== '1' || query.connectionParams !== undefined) return null;
  const rawInput = query.input;
  if (rawInput !== undefined && typeof rawInput !== 'string') return null;
  const names = path.split(',');
  if (maxBatchSize !== undefined && names.length > maxBatchSize) return null;
  const calls: QueryBatch['calls'] = [];
  for (const name of names) {
    const procedure = queries.get(name);
    if (!procedure) return null;
    calls.push({ path: name, procedure });
  }
  // The library reads an empty `input` as no input, and answers a malformed or non-object one itself.
  const sent = `${path}?${rawInput ?? ''}`;
  if (!rawInput) return { calls, inputs: {}, sent };
  let inputs: unknown;
  try {
    inputs = JSON.parse(rawInput);
  } catch {
    return null;
  }
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return null;
  return { calls, inputs: inputs as Record<string, unknown>, sent };
}

/** Never aborted: a query's statements have their own timeouts (the library's road aborts on a closed socket). */
const NEVER_ABORTED = new AbortController().signal;
const VARY = 'trpc-accept, accept';

type CallResult = [error: TRPCError, data: undefined] | [error: undefined, data: unknown];

/** `resolveResponse`'s non-streaming batch answer (@trpc/server 11.25), step for step. */
async function answerQueryBatch(
  req: FastifyRequest,
  reply: FastifyReply,
  batch: QueryBatch,
  internals: RouterInternals,
  options: TrpcOptions,
  answered: AnsweredCalls,
) {
  const { config } = internals;
  // As the library: the inputs are deserialized on the first read, and a call's input is reported
  // (to onError and the error formatter) only once they have been.
  let inputs: Record<number, unknown> | undefined;
  const readInputs = () => {
    if (!inputs) {
      const read: Record<number, unknown> = {};
      for (const index of batch.calls.keys()) {
        const raw = batch.inputs[index];
        if (raw !== undefined) read[index] = config.transformer.input.deserialize(raw);
      }
      inputs = read;
    }
    return inputs;
  };
  const calls = batch.calls.map(({ path, procedure }, batchIndex) => ({
    batchIndex,
    path,
    procedure,
    getRawInput: async () => readInputs()[batchIndex],
    result: () => inputs?.[batchIndex],
  }));
  const info: TRPCRequestInfo = {
    isBatchCall: true,
    accept: null,
    calls,
    type: 'query',
    connectionParams: null,
    signal: NEVER_ABORTED,
    url: null,
  };

  let ctx: Context | undefined;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await options.createContext({ req, res: reply, info });
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }

  const results = await Promise.all(
    calls.map(async (call): Promise<CallResult> => {
      try {
        if (ctxError) throw ctxError;
        const asked = `${ctx?.auth?.user.id ?? ''}\n${call.batchIndex}\n${batch.sent}`;
        const known = answered.get(asked);
        if (known && ctx?.deps.reads.isFresh(known)) return [undefined, known];
        const data: unknown = await call.procedure({
          path: call.path,
          getRawInput: call.getRawInput,
          ctx,
          type: 'query',
          signal: NEVER_ABORTED,
          batchIndex: call.batchIndex,
        });
        if (isDataStream(data)) {
          // Created after the call, as the library does: not reported to onError.
          return [unsupportedStream(), undefined];
        }
        if (ctx?.deps.reads.isFresh(data)) answered.set(asked, data as object);
        return [undefined, data];
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError?.({ error, path: call.path, input: call.result(), ctx, type: 'query', req });
        return [error, undefined];
      }
    }),
  );

  const answers = results.map(([error, data], index) =>
    error
      ? { error: getErrorShape({ config, ctx, error, input: calls[index]!.result(), path: calls[index]!.path, type: 'query' }) }
      : { result: { data } },
  );
  const errors = results.map(([error]) => error);
  let status = getHTTPStatusCode(answers, errors);
  reply.header('vary', VARY);
  const meta =
    options.responseMeta?.({
      ctx,
      info,
      paths: calls.map((call) => call.path),
      data: answers,
      errors: errors.filter((error) => error !== undefined),
      eagerGeneration: false,
      type: 'query',
    }) ?? {};
  if (meta.headers) {
    // As the library: a Headers instance and array values are appended, a string value set.
    if (meta.headers instanceof Headers) for (const [name, value] of meta.headers.entries()) appendHeader(reply, name, value);
    else
      for (const [name, value] of Object.entries(meta.headers)) {
        if (Array.isArray(value)) for (const item of value) appendHeader(reply, name, item);
        else if (typeof value === 'string') reply.header(name, value);
      }
  }
  if (meta.status) status = meta.status;
  // Sent as the string it is: with a serializer of its own, Fastify neither re-serializes it nor
  // adds a charset to the content type (the library's answer has none).
  return reply.status(status).header('content-type', 'application/json').serializer(asIs).send(bodyOf(config, answers));
}

const SENTINEL = {};

/**
 * The batch's JSON. Without a transformer (tRPC's default passes data through unchanged), each
 * result's data is serialised once per answer object (services/json-once.ts): a read-cache hit
 * sends the text made for the first request. JSON.stringify of the whole and the pieces joined
 * are the same text; fastify-plugin.int.test.ts holds it to the library's bytes.
 */
function bodyOf(config: RouterConfig, answers: TRPCResponse<unknown, TRPCErrorShape<object>>[]): string {
  if (config.transformer.output.serialize(SENTINEL) !== SENTINEL) return JSON.stringify(transformTRPCResponse(config, answers));
  const parts = answers.map((answer) =>
    'result' in answer && answer.result.data !== undefined ? `{"result":{"data":${jsonOnce(answer.result.data)}}}` : JSON.stringify(answer),
  );
  return `[${parts.join(',')}]`;
}

const asIs = (payload: unknown) => payload as string;

/** Headers.append's result: a second value joins the first, comma-separated (cookies stay apart). */
function appendHeader(reply: FastifyReply, name: string, value: string) {
  const current = reply.getHeader(name);
  // Fastify's own header() already appends a cookie to those set.
  if (current === undefined || name.toLowerCase() === 'set-cookie') reply.header(name, value);
  else reply.header(name, `${Array.isArray(current) ? current.join(', ') : String(current)}, ${value}`);
}

/** The library's test (`isDataStream`): an async iterable, or an object holding a promise or an async iterable. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (Symbol.asyncIterator in value) return true;
  return Object.values(value).some((item) => isPromiseLike(item) || (isObject(item) && Symbol.asyncIterator in item));
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPromiseLike(value: unknown): boolean {
  if (!isObject(value) && typeof value !== 'function') return false;
  return typeof Reflect.get(Object(value), 'then') === 'function' && typeof Reflect.get(Object(value), 'catch') === 'function';
}

function unsupportedStream(): TRPCError {
  return new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
  });
}
