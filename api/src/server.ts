import { PUBLIC_TEST_API_KEY } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { ConfigError, loadEnv, type Env } from './env.js';
import type { Telemetry } from './telemetry.js';

// Requests in flight and jobs (given 5 s) finish first; on a loaded 2-core machine closing takes seconds.
const SHUTDOWN_GRACE_MS = 20_000;

/** A start that cannot succeed ends with one readable paragraph, not a stack trace. */
function fail(message: string): never {
  console.error(`Coinsight cannot start. ${message}`);
  process.exit(1);
}

/**
 * Traces when OTEL_EXPORTER_OTLP_ENDPOINT is set. Imported only then, and before the app: the
 * instrumentations must be in place when fastify, pg and ioredis load (telemetry.ts).
 */
async function startTelemetry(env: Env): Promise<Telemetry | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const telemetry = await import('./telemetry.js');
  return telemetry.startTelemetry({ serviceName: env.OTEL_SERVICE_NAME });
}

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) fail(`${error.message} Fix the environment and start again (see README, Configuration).`);
    throw error;
  }
  const telemetry = await startTelemetry(env);
  // Everything that loads fastify, pg or ioredis comes after the instrumentations.
  const [{ DatabaseUnavailableError }, { buildApp }, { toAppConfig }, { MarketFeedConfigError }] = await Promise.all([
    import('@coinsight/db'),
    import('./app.js'),
    import('./config.js'),
    import('./services/market/feeds/index.js'),
  ]);

  let config;
  try {
    // toAppConfig reads DATA_DIR/jwt-secret, which it refuses when guessable: the same one paragraph.
    config = toAppConfig(env, { isTty: Boolean(process.stdout.isTTY) });
  } catch (error) {
    if (error instanceof ConfigError) fail(`${error.message} Fix the environment and start again (see README, Configuration).`);
    throw error;
  }

  const drainSeconds = env.SHUTDOWN_DRAIN_SECONDS;

  // Listening from the start: Ctrl-C while the database opens or migrates is a stop, not a crash.
  let app: FastifyInstance | undefined;
  let stopRequested: string | undefined;
  const stop = async (instance: FastifyInstance, signal: string) => {
    // Draining first: /readyz answers 503 while requests are still served, so the balancer takes
    // this instance out before it stops accepting connections (SHUTDOWN_DRAIN_SECONDS, docs/deploy.md).
    instance.lifecycle.draining = true;
    const drainMs = signal === 'SIGTERM' ? drainSeconds * 1_000 : 0;
    instance.log.info({ signal }, 'shutting down');
    if (drainMs > 0) {
      instance.log.info({ drainSeconds: drainMs / 1_000 }, 'draining: /readyz answers 503 while requests are still served');
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    instance.close().then(
      // The last requests' spans leave before the process does (bounded in telemetry.ts).
      async () => {
        await telemetry?.shutdown();
        process.exit(0);
      },
      (error: unknown) => {
        instance.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + drainSeconds * 1_000).unref();
    if (app) void stop(app, signal);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      const hint =
        config.db.kind === 'postgres'
          ? 'Check DATABASE_URL and that the database server is running and accepts connections.'
          : 'Check that DATA_DIR is a folder this user can write.';
      fail(`${error.message} ${hint}`);
    }
    if (error instanceof MarketFeedConfigError) fail(`${error.message} (see README, Configuration).`);
    throw error;
  }
  if (stopRequested) return void stop(app, stopRequested);

  if (env.JOBS === 'only') {
    // A worker: scheduled jobs and task runs, no HTTP. SIGTERM stops it as it stops a server.
    app.log.info(
      `Coinsight worker is running jobs and tasks (JOBS=only, ${config.db.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'})`,
    );
    return;
  }

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Port ${env.PORT} is already in use on ${env.HOST}: stop the other process or set PORT to a free port.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`HOST ${env.HOST} is not an address of this machine.`);
    throw error;
  }
  app.log.info(`Coinsight is running on ${config.publicUrl} (${config.db.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'})`);
  if (config.db.kind === 'pglite') app.log.info(firstSteps(config));
}

/**
 * What to do next, after the embedded start's "running" line: where to open the app, where the
 * confirmation mail appears, a first API call without an account. A terminal gets it as lines of
 * text; JSON logs as one line with the same fields.
 */
function firstSteps(config: AppConfig): { msg: string; url?: string; mail?: string; firstCall?: string } {
  const url = config.publicUrl;
  const mail = config.smtpUrl
    ? 'sent through SMTP_URL (and stored in the outbox table)'
    : 'printed in this log (no SMTP_URL): the confirmation link appears below when you sign up';
  const firstCall = `curl -H "Authorization: Bearer ${PUBLIC_TEST_API_KEY}" "${url}/v1/crypto/prices?symbols=BTC,ETH"`;
  const lines = [
    `Next: open ${url} and sign up; your confirmation mail is ${mail}.`,
    `A first API call, no account needed (the public test key): ${firstCall}`,
    `Client packages (SDK, CLI, Python) to install from this server: ${url}/docs. Each request is logged at debug (LOG_LEVEL=debug).`,
  ];
  return config.prettyLogs ? { msg: lines.join('\n  ') } : { msg: lines.join(' '), url, mail, firstCall };
}

main().catch((error: unknown) => {
  console.error('Coinsight stopped with an unexpected error:', error);
  process.exit(1);
});
