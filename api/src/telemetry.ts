import { register } from 'node:module';
import { context, propagation, trace, type Attributes, type AttributeValue } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { FastifyOtelInstrumentation } from '@fastify/otel';

// OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. server.ts imports this
// module dynamically, and before anything it instruments (fastify, pg, ioredis, node:http) is
// loaded: a server without the variable loads none of it. The exporter itself reads the standard
// OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout), so collector credentials never pass
// through the api's own configuration.

export const DEFAULT_SERVICE_NAME = 'coinsight-api';

/** Query parameters whose values are credentials: their values never leave in a span. */
const SECRET_PARAMS = new Set([
  'key',
  'api_key',
  'apikey',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'password',
  'secret',
  'signature',
  'sig',
]);

/** Span attributes that may hold a URL with its query string (old and current HTTP conventions). */
const URL_ATTRIBUTES = new Set(['url.full', 'url.query', 'url.path', 'http.url', 'http.target']);

/** Header attributes that carry credentials, should any instrumentation record them. */
const SECRET_ATTRIBUTE = /authorization|cookie|api[-_.]?key|x-coinsight-key|token|secret|password/i;

/** `a=1&key=s3cret` → `a=1&key=REDACTED`: keeps which parameters were sent, not the secret ones' values. */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape: compare the raw name.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=REDACTED` : pair;
    })
    .join('&');
}

/** A URL, a path with a query, or a bare query string, with the secret parameters' values replaced. */
export function redactUrlValue(key: string, value: string): string {
  if (key === 'url.query') return redactQuery(value.startsWith('?') ? value.slice(1) : value);
  const q = value.indexOf('?');
  if (q < 0) return value;
  const hash = value.indexOf('#', q);
  const query = hash < 0 ? value.slice(q + 1) : value.slice(q + 1, hash);
  return `${value.slice(0, q + 1)}${redactQuery(query)}${hash < 0 ? '' : value.slice(hash)}`;
}

/** The attributes to overwrite on a span before it is exported: redacted URLs, dropped credentials. */
export function redactedAttributes(attributes: Attributes): Attributes {
  const changes: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'string' && URL_ATTRIBUTES.has(key)) {
      const redacted = redactUrlValue(key, value);
      if (redacted !== value) changes[key] = redacted;
    } else if (SECRET_ATTRIBUTE.test(key) && !key.startsWith('coinsight.')) {
      changes[key] = 'REDACTED';
    }
  }
  return changes;
}

/**
 * Redaction as the last step before export, whichever instrumentation set the attribute: onEnding
 * runs while the span can still be changed, before the batch processor sees it.
 */
class RedactingProcessor implements SpanProcessor {
  onStart(): void {}
  onEnding(span: Span): void {
    const changes = redactedAttributes(span.attributes);
    for (const [key, value] of Object.entries(changes)) span.setAttribute(key, value as AttributeValue);
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

export interface Telemetry {
  /** Exports the spans still buffered and stops; bounded so a collector that is down cannot hold up a stop. */
  shutdown(): Promise<void>;
}

export interface TelemetryOptions {
  serviceName?: string;
}

/**
 * The instrumented CommonJS packages the api's ESM imports directly (packages/db imports pg,
 * plugins/limits.ts ioredis). Node loads them without the instrumentations' require hook seeing
 * the import, so the ESM loader hook wraps them, and only them: wrapping every module would be a
 * cost and a risk of its own. (fastify needs no hook: @fastify/otel registers through
 * diagnostics_channel; node:http is required by fastify itself.)
 */
const ESM_IMPORTED = ['pg', 'ioredis'];

/**
 * Starts tracing. Call it before importing anything it instruments (fastify, pg, ioredis):
 * telemetry.int.test.ts checks that their spans appear.
 */
export function startTelemetry(options: TelemetryOptions = {}): Telemetry {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ESM_IMPORTED } });
  const resource = resourceFromAttributes({ 'service.name': options.serviceName ?? DEFAULT_SERVICE_NAME }).merge(
    // OTEL_RESOURCE_ATTRIBUTES, as every OpenTelemetry SDK reads it.
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new TracerProvider({
    resource,
    spanProcessors: [new RedactingProcessor(), new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // A `traceparent` from the balancer or a caller continues its trace; baggage is not taken in.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Incoming requests only: outgoing calls (CoinGecko, Stripe) go through fetch, and the OTLP
      // exporter's own requests are not traced by design.
      new HttpInstrumentation({ disableOutgoingRequestInstrumentation: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The span says which route answered, never the path with its values or query.
        requestHook: (span, request) => {
          const route = request.routeOptions.url;
          if (route) span.updateName(`${request.method} ${route}`);
          span.setAttribute('coinsight.request_id', request.id);
          // The HTTP server span, still the active one here: the id the logs carry, on both.
          trace.getActiveSpan()?.setAttribute('coinsight.request_id', request.id);
        },
      }),
      // Statements as Kysely sends them: $1 placeholders, no values (enhancedDatabaseReporting off).
      // Only inside a request: the job queue's polling would otherwise fill the trace store.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // Rate-limit keys name clients: the command name only.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });

  return {
    async shutdown() {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
      await Promise.race([provider.shutdown().catch(() => undefined), timeout]);
    },
  };
}
