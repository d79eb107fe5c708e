import { SERVICE_BUSY_MESSAGE, SERVICE_BUSY_RETRY_AFTER_SECONDS } from '@coinsight/contracts';
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { AppError } from '../services/errors.js';
import { METRICS_PATH } from './metrics.js';

/** What load balancers and orchestrators probe (rest/health.ts): answered even past capacity. */
const PROBE_PATHS = ['/api/health', '/livez', '/readyz', METRICS_PATH];

/** The busy answer (contracts), the same as a pool wait that ran out (services/db-errors.ts). */
export const OVERLOADED_MESSAGE = SERVICE_BUSY_MESSAGE;
export const OVERLOADED_RETRY_AFTER_SECONDS = SERVICE_BUSY_RETRY_AFTER_SECONDS;

export interface OverloadConfig {
  /** Shed requests while the event loop's mean delay is above this (ms); 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** Shed requests while the event loop is busier than this share of the time (0..1); 0 turns it off. */
  maxEventLoopUtilization: number;
  /** How often both are sampled (ms). */
  sampleIntervalMs: number;
}

// Event-loop delay only. Utilization is no sign of overload: an instance answering 27,000 cached
// pages a second at a p99 of 5 ms is at 100% of it. Worse, shedding on it never ends under
// clients that retry at once: the 503s themselves keep the loop busy (`pnpm bench` saw 290,000
// 503s in 10 s that way). Delay grows only when work queues up behind the loop.
export const DEFAULT_OVERLOAD: OverloadConfig = { maxEventLoopDelayMs: 250, maxEventLoopUtilization: 0, sampleIntervalMs: 500 };
export const NO_SHEDDING: OverloadConfig = { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, sampleIntervalMs: 500 };

/**
 * Load shedding: past capacity a request is refused at once with 503 + Retry-After instead of
 * joining a queue that answers in seconds. Thrown as an AppError, so REST and tRPC answer
 * `{ error }` and /v1 its own shape (each scope's error handler). The health check is never
 * shed: a load balancer must tell a busy instance from a broken one.
 */
export const overloadPlugin = fp<OverloadConfig>(
  async (app, config) => {
    // Starting up (migrations, the embedded demo seed) may hold the event loop for seconds: the
    // samples that saw it say nothing about the requests that follow, so they are ignored.
    let readyAt = Number.POSITIVE_INFINITY;
    // One log line a second at most while shedding, with the count: a line per refused request
    // would add the cost of logging to an instance that is already past capacity.
    let shedSinceLog = 0;
    let lastLogAt = 0;
    app.addHook('onReady', async () => {
      readyAt = Date.now();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      maxEventLoopUtilization: config.maxEventLoopUtilization,
      sampleInterval: config.sampleIntervalMs,
      pressureHandler: (request) => {
        if (PROBE_PATHS.includes(request.url.split('?', 1)[0] ?? '')) return undefined;
        if (Date.now() - readyAt < 2 * config.sampleIntervalMs) return undefined;
        shedSinceLog += 1;
        app.metrics.shed.inc();
        if (Date.now() - lastLogAt >= 1_000) {
          request.log.warn({ event: 'overload.shed', shed: shedSinceLog }, 'requests shed: instance past capacity');
          shedSinceLog = 0;
          lastLogAt = Date.now();
        }
        return Promise.reject(
          new AppError('SERVICE_UNAVAILABLE', OVERLOADED_MESSAGE, { retryAfterSeconds: OVERLOADED_RETRY_AFTER_SECONDS }),
        );
      },
    });
  },
  { name: 'overload', dependencies: ['metrics'] },
);
