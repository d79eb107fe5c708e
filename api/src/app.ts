import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import { internalMatcher } from './internal-networks.js';
import { agentRoutes } from './agents/index.js';
import { authPlugin } from './plugins/auth.js';
import { contactMailSweepPlugin } from './plugins/contact-mail-sweep.js';
import { dbPlugin, type DbPools } from './plugins/db.js';
import { inputPlugin } from './plugins/input.js';
import { jobsPlugin } from './plugins/jobs.js';
import { registerErrorHandler } from './plugins/errors.js';
import { limitsPlugin } from './plugins/limits.js';
import { mailerPlugin } from './plugins/mailer.js';
import { metricsPlugin } from './plugins/metrics.js';
import type { MailRate } from './services/mail/mailer.js';
import { overloadPlugin } from './plugins/overload.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { servicesPlugin } from './plugins/services.js';
import { downloadsRoutes } from './plugins/downloads.js';
import { spaPlugin } from './plugins/spa.js';
import { authRoutes } from './rest/auth.js';
import { healthRoutes } from './rest/health.js';
import { newsletterRoutes } from './rest/newsletter.js';
import { socialRoutes } from './rest/social.js';
import { stripeWebhookRoutes } from './rest/stripe-webhook.js';
import { taskScheduleRoutes } from './rest/task-schedules.js';
import { taskRoutes } from './rest/tasks.js';
import { teamRoutes } from './rest/teams.js';
import { userRoutes } from './rest/users.js';
import { accountSecurityRoutes } from './rest/account-security.js';
import { watchlistRoutes } from './rest/watchlist.js';
import { preferencesRoutes } from './rest/preferences.js';
import { requestLogRoutes } from './rest/request-log.js';
import { savedViewsRoutes } from './rest/saved-views.js';
import { trpcPlugin } from './trpc/fastify-plugin.js';
import { trpcOptions } from './trpc/options.js';
import { frameworkErrors } from './v1/framework-errors.js';
import { v1Plugin } from './v1/index.js';
import { testModePlugin } from './v1/test-mode.js';

/** Secrets and credentials never reach a log line, whatever logs the request. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
];

// Query parameters whose values may be credentials: reset links (`?token=`), OAuth codes, keys.
const SECRET_PARAM = /token|key|secret|pass|pwd|code|sig|auth|session|jwt|credential/i;

/** The URL as logged: the value of every credential-like query parameter replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape is judged by its raw text.
      }
      return SECRET_PARAM.test(decoded) && pair.includes('=') ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

/**
 * Fastify's request log lines, one per request: `request completed` with the request (method, URL
 * redacted, address), its status and time, at `level` (config.requestLogLevel: debug in the embedded
 * mode); a request that failed while answering stays `request errored` at error (docs/operations.md, Logs).
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) request.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else request.log[this.level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /**
   * How long one Redis call may take before the per-instance counters answer (REDIS_COMMAND_TIMEOUT_MS):
   * a test that counts on Redis's own counters gives a loaded machine longer.
   */
  redisCommandTimeoutMs?: number;
  /** Replaces the global sending rate's gate (MAIL_RATE_PER_SECOND): a test opens and closes it at will. */
  mailRate?: MailRate;
  /** Other pool sizes (PostgreSQL): a test makes a pool's wait run out with a tiny pool. */
  dbPools?: Partial<DbPools>;
}

/** Builds the whole server without listening, so tests can use `app.inject()`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Fastify's own request serializer, with the URL's secrets redacted.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(config.prettyLogs && !options.logStream
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
        : {}),
    },
    // One line per request rather than Fastify's two (incoming, completed), at the configured level.
    logController: new OneLinePerRequest(config.requestLogLevel),
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5_000 },
    bodyLimit: 1_048_576,
    // Creating and seeding an embedded database on first start takes seconds, and over a minute on
    // a loaded 2-core machine (seen at load 20): the limit only catches a plugin that never ends.
    pluginTimeout: 600_000,
    // Off unless TRUST_PROXY names the proxies in front: a forged X-Forwarded-For is otherwise believed.
    trustProxy: config.trustProxy,
    // Unique across instances (a per-process counter is not), and never taken from the client.
    genReqId: () => `req_${randomUUID().replaceAll('-', '')}`,
    // A malformed path under /v1 answers the /v1 error shape, elsewhere Fastify's own.
    frameworkErrors,
  });

  app.decorate('config', config);
  app.decorate('lifecycle', { draining: false });
  const internal = internalMatcher(config.internalNetworks);
  app.decorate('fromInternalNetwork', (request: FastifyRequest) => {
    // Without TRUST_PROXY, a forwarded request came through a proxy: its peer (the proxy's own,
    // often private, address) says nothing of the client.
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    return (config.trustProxy !== false || !forwarded) && internal(request.ip);
  });
  registerErrorHandler(app);
  await app.register(metricsPlugin);
  await app.register(overloadPlugin, config.overload);
  await app.register(securityPlugin, { publicUrl: config.publicUrl, corsOrigins: config.corsOrigins });
  await app.register(inputPlugin);
  await app.register(dbPlugin, {
    config: config.db,
    readReplicaUrl: config.readReplicaUrl,
    genericPlans: config.genericPlans,
    seedDemoData: config.seedDemoData,
    pools: options.dbPools,
  });
  await app.register(limitsPlugin, { redisUrl: config.redisUrl, commandTimeoutMs: options.redisCommandTimeoutMs });
  await app.register(mailerPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    printMail: config.printMail,
    ratePerSecond: config.mailRatePerSecond,
    rate: options.mailRate,
  });
  await app.register(servicesPlugin);
  await app.register(requestLogPlugin, { enabled: config.requestLog });
  await app.register(authPlugin);
  await app.register(contactMailSweepPlugin, { intervalMs: config.contactMailSweepMs, queueIntervalMs: config.mailQueueSweepMs });
  await app.register(jobsPlugin, { enabled: config.jobs });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(watchlistRoutes);
  await app.register(preferencesRoutes);
  await app.register(requestLogRoutes);
  await app.register(savedViewsRoutes);
  await app.register(socialRoutes);
  await app.register(newsletterRoutes);
  await app.register(taskRoutes);
  await app.register(teamRoutes);
  await app.register(taskScheduleRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(trpcPlugin, { prefix: '/trpc', trpcOptions: trpcOptions(app.log) });
  // Test keys' deps (a fixed dataset, a fixed clock), which /v1 hands to a test key's handlers.
  await app.register(testModePlugin);
  // The metered public API: its own auth (API keys), error shape and 404s.
  await app.register(v1Plugin, { prefix: '/v1' });
  // /llms.txt and the MCP endpoint at /mcp, whose tool calls are /v1 calls.
  await app.register(agentRoutes);
  // The client packages built with this server (docs/sdk.md, Installing from your server).
  await app.register(downloadsRoutes, { root: config.downloadsRoot });
  await app.register(spaPlugin, { webRoot: config.webRoot });

  return app;
}
