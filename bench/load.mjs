// The load generator: a child process of bench/run.mjs, pinned to its own core, running one
// autocannon measurement per message and answering with the figures the report needs.
import autocannon from 'autocannon';
import { OVERLOADED_MESSAGE } from '../api/dist/plugins/overload.js';
import { DATABASE_UNAVAILABLE_MESSAGE, QUERY_TOO_SLOW_MESSAGE } from '../api/dist/services/db-errors.js';
import { drawer } from './lib/realistic.mjs';

/** Statuses kept with the request that got them, a few of each, so a failure can be replayed. */
const SAMPLES_PER_STATUS = 3;
/**
 * Why a 503 + Retry-After was answered, from its message: the instance busy (the overload plugin,
 * or no pool connection free within the wait while the database answered), an unreachable
 * database, or a statement cancelled at its time limit.
 */
const SHED_REASONS = {
  busy: OVERLOADED_MESSAGE,
  'database unreachable': DATABASE_UNAVAILABLE_MESSAGE,
  'statement timeout': QUERY_TOO_SLOW_MESSAGE,
};
const shedReason = (body) => Object.keys(SHED_REASONS).find((k) => String(body).includes(SHED_REASONS[k])) ?? 'other';

process.on('message', async ({ id, target }) => {
  try {
    // Realistic mode: each request's path drawn from the case's stream (lib/realistic.mjs).
    // Either mode: each request takes the next Authorization header in turn, when there are several.
    const next = target.draw ? drawer(target.draw) : undefined;
    const auths = target.authorizations;
    let turn = 0;
    let shed = 0;
    const shedBy = {};
    const samples = {};
    // Repeats: a request equal to one sent less than 2 s before (the read cache's TTL) may be
    // answered from the cache; their share says how much of a figure the cache can explain.
    const sentAt = new Map();
    let sent = 0;
    let repeats = 0;
    const setupRequest = (req, context) => {
      const path = next ? next() : req.path;
      const authorization = auths?.[turn++ % auths.length];
      if (next) {
        // An answer of one account (its usage) repeats only for the same key.
        const key = target.draw.perAccount ? `${path} ${authorization}` : path;
        const now = Date.now();
        if (now - (sentAt.get(key) ?? -Infinity) < 2000) repeats++;
        sentAt.set(key, now);
        sent++;
      }
      context.path = path;
      return authorization ? { ...req, path, headers: { ...req.headers, authorization } } : { ...req, path };
    };
    const onResponse = (status, body, context, headers) => {
      // Shed load (503 + Retry-After) is the server working as designed past its capacity.
      if (status === 503 && headers['retry-after']) {
        shed++;
        const reason = shedReason(body);
        shedBy[reason] = (shedBy[reason] ?? 0) + 1;
      }
      if (status >= 400 && status !== 429) {
        const kept = (samples[status] ??= []);
        if (kept.length < SAMPLES_PER_STATUS) kept.push({ path: context.path, body: String(body).slice(0, 300) });
      }
    };
    const result = await autocannon({
      requests: [{ setupRequest, onResponse }],
      url: target.url,
      method: target.method ?? 'GET',
      headers: target.headers ?? {},
      body: target.body,
      connections: target.connections,
      // An offered rate (the capacity sweep): requests are sent on schedule whatever the answers,
      // and latency counts from when each was due (autocannon corrects for coordinated omission).
      ...(target.rate ? { overallRate: target.rate } : {}),
      duration: target.seconds,
      // A request still unanswered after this counts as a timeout (an error), not as a latency.
      timeout: target.timeoutSeconds ?? 10,
    });
    const statuses = Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [`${d}xx`, result[`${d}xx`] ?? 0]));
    const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
    process.send({
      id,
      result: {
        requests: result.requests.total,
        seconds: result.duration,
        rps: result.requests.total / result.duration,
        rps2xx: statuses['2xx'] / result.duration,
        latency: { p50: result.latency.p50, p975: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        statuses,
        byStatus,
        shed,
        shedBy,
        samples,
        ...(next ? { distinct: sentAt.size, repeatShare: sent ? repeats / sent : 0 } : {}),
      },
    });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
