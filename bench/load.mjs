// The load generator: a child process of bench/run.mjs, pinned to its own core, running one
// autocannon measurement per message and answering with the figures the report needs.
import autocannon from 'autocannon';

process.on('message', async ({ id, target }) => {
  try {
    // Each request takes the next Authorization header in turn, when the case gives several.
    let turn = 0;
    const rotate = target.rotateAuthorization;
    const requests = rotate
      ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: rotate[turn++ % rotate.length] } }) }]
      : undefined;
    const result = await autocannon({
      requests,
      url: target.url,
      method: target.method ?? 'GET',
      headers: target.headers ?? {},
      body: target.body,
      connections: target.connections,
      duration: target.seconds,
      // A request still unanswered after this counts as a timeout (an error), not as a latency.
      timeout: target.timeoutSeconds ?? 10,
    });
    const statuses = Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [`${d}xx`, result[`${d}xx`] ?? 0]));
    process.send({
      id,
      result: {
        requests: result.requests.total,
        seconds: result.duration,
        rps: result.requests.total / result.duration,
        latency: { p50: result.latency.p50, p975: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        statuses,
        // Shed load (503 + Retry-After) is the server working as designed past its capacity.
        shed: result.statusCodeStats?.['503']?.count ?? 0,
      },
    });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
