// Baseline H: a bare Fastify route answering a constant, the stack's own limit on this machine.
// Started by bench/run.mjs with PORT (and HOST) set; no logger, no plugins.
import { createRequire } from 'node:module';

const Fastify = createRequire(new URL('../../api/package.json', import.meta.url))('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
