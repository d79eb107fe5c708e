import type { AppRouter } from '@coinsight/api/trpc';
import type { PublicUser, TrpcErrorDetails } from '@coinsight/contracts';
import type { AnyTRPCProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { EventSourceConstructor, EventSourceLike } from '../lib/trpcClient';

/** 'social.list', 'auth.me'…: every procedure of the router by the path the client calls. */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;
/** What the client sends to a procedure, and what it reads back: the router's own types. */
export type ProcedureInput<P extends ProcedurePath> = At<inferRouterInputs<AppRouter>, P>;
export type ProcedureOutput<P extends ProcedurePath> = At<inferRouterOutputs<AppRouter>, P>;

/** One procedure call the fake API received, with the Authorization header it came with. */
export interface StubCall<Input = unknown> {
  path: string;
  input: Input;
  authorization: string | null;
}

/** Thrown by a handler to answer as the server does when it refuses a call; `param` names the field at fault. */
export class StubError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

/**
 * Answers one procedure with what the router would: its output type, or StubError for a refusal
 * (any other error reads as a dropped connection). A renamed procedure or a changed shape fails tsc.
 */
export type Handler<P extends ProcedurePath> = (
  input: ProcedureInput<P>,
  call: StubCall<ProcedureInput<P>>,
) => ProcedureOutput<P> | Promise<ProcedureOutput<P>>;
export type Handlers = { [P in ProcedurePath]?: Handler<P> };

export interface TrpcStub {
  fetch: typeof fetch;
  /** The EventSource subscriptions use: streams the test feeds with `streams`. */
  EventSource: EventSourceConstructor;
  /** The open server-sent event streams, per subscription path. */
  streams: StubStreams;
  calls: StubCall[];
  /** The calls made to one procedure, in order, with the input the (typed) client sent. */
  callsTo<P extends ProcedurePath>(path: P): StubCall<ProcedureInput<P>>[];
}

const CODES: Record<number, { key: string; rpc: number }> = {
  400: { key: 'BAD_REQUEST', rpc: -32600 },
  401: { key: 'UNAUTHORIZED', rpc: -32001 },
  403: { key: 'FORBIDDEN', rpc: -32003 },
  404: { key: 'NOT_FOUND', rpc: -32004 },
  409: { key: 'CONFLICT', rpc: -32009 },
  429: { key: 'TOO_MANY_REQUESTS', rpc: -32029 },
  500: { key: 'INTERNAL_SERVER_ERROR', rpc: -32603 },
};

function errorEnvelope(path: string, status: number, message: string, param: string | null = null) {
  const code = CODES[status] ?? { key: 'INTERNAL_SERVER_ERROR', rpc: -32603 };
  const details: TrpcErrorDetails = { retryAfterSeconds: null, param, zodError: null };
  return { error: { message, code: code.rpc, data: { code: code.key, httpStatus: status, path, ...details } } };
}

/** The request's input: per call index for a batch, the one call's own for a lone one. */
async function inputsOf(url: URL, init: RequestInit | undefined, batched: boolean): Promise<Record<string, unknown>> {
  const text = init?.method === 'POST' ? (typeof init.body === 'string' ? init.body : '') : (url.searchParams.get('input') ?? '');
  const raw: unknown = text ? JSON.parse(text) : undefined;
  if (!batched) return { 0: raw };
  return typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
}

/**
 * A fetch that speaks tRPC's protocol and answers each procedure from `handlers`, the way the
 * server would: data, or an error with its status. Batches (GET for queries, POST for mutations,
 * `?batch=1`) are what the tRPC client sends; a lone GET is how the public reads ask
 * (lib/publicReads.ts), answered with one result rather than a list.
 */
export function trpcStub(handlers: Handlers): TrpcStub {
  const calls: StubCall[] = [];
  const stubFetch: typeof fetch = async (resource, init) => {
    const url = new URL(String(resource instanceof Request ? resource.url : resource), 'http://localhost');
    const batched = url.searchParams.get('batch') === '1';
    const procedurePath = decodeURIComponent(url.pathname.replace(/^\/trpc\//, ''));
    const paths = batched ? procedurePath.split(',') : [procedurePath];
    const inputs = await inputsOf(url, init, batched);
    const authorization = new Headers(init?.headers).get('authorization');
    const answers = await Promise.all(
      paths.map(async (path, index) => {
        const call: StubCall = { path, input: inputs[String(index)], authorization };
        calls.push(call);
        const handler = isProcedurePath(path, handlers) ? handlers[path] : undefined;
        if (!handler) return { status: 404, body: errorEnvelope(path, 404, `No procedure ${path}`) };
        try {
          return { status: 200, body: { result: { data: (await answer(handler, call)) ?? null } } };
        } catch (error) {
          if (error instanceof StubError)
            return { status: error.httpStatus, body: errorEnvelope(path, error.httpStatus, error.message, error.param) };
          throw error;
        }
      }),
    );
    if (!batched) return Response.json(answers[0]!.body, { status: answers[0]!.status });
    const failed = answers.filter((answer) => answer.status !== 200);
    const status = failed.length === 0 ? 200 : failed.length === answers.length && answers.length === 1 ? failed[0]!.status : 207;
    return Response.json(
      answers.map((answer) => answer.body),
      { status },
    );
  };
  const streams = new StubStreams();
  return {
    fetch: stubFetch,
    EventSource: streams.EventSource,
    streams,
    calls,
    callsTo: <P extends ProcedurePath>(path: P) => calls.filter((call): call is StubCall<ProcedureInput<P>> => call.path === path),
  };
}

function isProcedurePath(path: string, handlers: Handlers): path is ProcedurePath {
  return Object.hasOwn(handlers, path);
}

/**
 * The wire gives JSON, which the typed client built from the procedure's input type: the one
 * place where the stub takes that on trust, as the real server's zod parse would check it.
 */
function answer(handler: (input: never, call: never) => unknown, call: StubCall): unknown {
  return (handler as (input: unknown, call: StubCall) => unknown)(call.input, call);
}

export const TEST_TOKEN = 'test-session-token';

export const testUser: PublicUser = {
  id: 'usr_test',
  username: 'satoshi',
  email: 'satoshi@example.com',
  avatar: null,
  socialAccounts: { twitter: 'satoshi', facebook: '', instagram: '' },
  created_at: '2024-03-05T10:00:00.000Z',
  emailVerified: true,
};

/** auth.me as the server answers it: the user for the right bearer token, else null. */
export function meFor(user: PublicUser, token = TEST_TOKEN): Handler<'auth.me'> {
  return (_input, call) => (call.authorization === `Bearer ${token}` ? user : null);
}

/** A promise the test settles by hand, for answers that must stay pending for a while. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Server-sent events as tRPC's subscription link reads them: a `connected` event once open,
 * then unnamed `message` events whose data is the yielded value (and whose id is a tracked id).
 */
export class StubStreams {
  readonly open: StubEventSource[] = [];
  readonly opened: StubEventSource[] = [];

  readonly EventSource: EventSourceConstructor = streamClass(this);

  /** The open streams of one subscription (`market.live`). */
  of(path: string): StubEventSource[] {
    return this.open.filter((source) => new URL(source.url, 'http://localhost').pathname === `/trpc/${path}`);
  }

  /** Sends `data` to every open stream of `path`, as the server yields it. */
  send(path: string, data: unknown, id?: string) {
    for (const source of this.of(path)) source.emit('message', JSON.stringify(data), id);
  }

  /** The server refuses or goes away for good: the stream closes with an error. */
  fail(path: string) {
    for (const source of this.of(path)) {
      source.readyState = source.CLOSED;
      source.emit('error');
      source.close();
    }
  }
}

/** An EventSource class whose instances register with `streams` while open. */
function streamClass(streams: StubStreams): EventSourceConstructor {
  return class extends StubEventSource {
    constructor(url: string) {
      super(url);
      streams.open.push(this);
      streams.opened.push(this);
      this.onClose = () => streams.open.splice(streams.open.indexOf(this), 1);
    }
  };
}

export class StubEventSource extends EventTarget implements EventSourceLike {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  protected onClose: () => void = () => undefined;

  constructor(readonly url: string) {
    super();
    // Opens as a server would answer: after the page has set up its listeners.
    setTimeout(() => {
      if (this.readyState === this.CLOSED) return;
      this.readyState = this.OPEN;
      this.emit('open');
      this.emit('connected', JSON.stringify({}));
    }, 0);
  }

  emit(type: string, data?: string, lastEventId?: string) {
    this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data, lastEventId: lastEventId ?? '' }));
  }

  close() {
    this.readyState = this.CLOSED;
    if (this.closed) return;
    this.closed = true;
    this.onClose();
  }

  private closed = false;
}
