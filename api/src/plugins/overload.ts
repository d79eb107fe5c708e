import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { AppError } from '../services/errors.js';

export const OVERLOADED_MESSAGE = 'The service is busy. Please retry in a moment.';
export const OVERLOADED_RETRY_AFTER_SECONDS = 2;

export interface OverloadConfig {
  /** Shed requests while the event loop's mean delay is above this (ms); 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** Shed requests while the event loop is busier than this share of the time (0..1); 0 turns it off. */
  maxEventLoopUtilization: number;
  /** How often both are sampled (ms). */
  sampleIntervalMs: number;
}

export const DEFAULT_OVERLOAD: OverloadConfig = { maxEventLoopDelayMs: 250, maxEventLoopUtilization: 0.98, sampleIntervalMs: 500 };
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
    app.addHook('onReady', async () => {
      readyAt = Date.now();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      maxEventLoopUtilization: config.maxEventLoopUtilization,
      sampleInterval: config.sampleIntervalMs,
      pressureHandler: (request) => {
        if (request.url === '/api/health' || request.url.startsWith('/api/health?')) return undefined;
        if (Date.now() - readyAt < 2 * config.sampleIntervalMs) return undefined;
        request.log.warn({ event: 'overload.shed' }, 'request shed: instance past capacity');
        return Promise.reject(
          new AppError('SERVICE_UNAVAILABLE', OVERLOADED_MESSAGE, { retryAfterSeconds: OVERLOADED_RETRY_AFTER_SECONDS }),
        );
      },
    });
  },
  { name: 'overload' },
);
