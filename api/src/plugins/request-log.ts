import fp from 'fastify-plugin';
import { createRequestLogWriter } from '../services/request-log/writer.js';

/**
 * The request log's writer (services/request-log/writer.ts), one per app as `app.requestLog`: /v1
 * records each call with a key into it after the answer (v1/request-log.ts). Rows dropped (a full
 * buffer, a refused batch) are counted in `coinsight_request_log_dropped_total`. Closed before the
 * database (plugins close in reverse order), which writes what is still waiting.
 */
export const requestLogPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    const writer = createRequestLogWriter(app.deps, { enabled, onDrop: (rows) => app.metrics.requestLogDropped.inc(rows) });
    app.decorate('requestLog', writer);
    app.addHook('onClose', () => writer.close());
  },
  { name: 'request-log', dependencies: ['db', 'services', 'metrics'] },
);
