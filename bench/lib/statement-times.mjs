// Preloaded into the importer by `bench/ingest-ab.mjs --statements` (node --import): times every
// query of packages/db's pg clients, wall time and the backend's CPU (read from /proc through the
// client's processID, so the server must be on this machine), summed by the statement's first
// words and written to stderr at exit as "stmt <wall> ms <cpu> cpu <count>x <statement>".
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(new URL('../../packages/db/package.json', import.meta.url))('pg');
const totals = new Map();
const label = (query) => {
  const text = typeof query === 'string' ? query : query && (query.text || query.constructor?.name);
  return String(text).replace(/\s+/g, ' ').trim().slice(0, 70);
};
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function timedQuery(q, ...rest) {
  const started = process.hrtime.bigint();
  const pid = this.processID;
  const cpuBefore = cpuMs(pid);
  const key = label(q);
  let done = false;
  const add = () => {
    if (done) return;
    done = true;
    const entry = totals.get(key) ?? [0, 0, 0];
    entry[0] += Number(process.hrtime.bigint() - started) / 1e6;
    entry[1] += cpuMs(pid) - cpuBefore;
    entry[2]++;
    totals.set(key, entry);
  };
  const result = query.call(this, q, ...rest);
  if (result && typeof result.then === 'function') result.then(add, add);
  else if (result && typeof result.on === 'function') {
    // COPY … FROM STDIN: a stream, done when it finishes.
    result.on('finish', add);
    result.on('end', add);
  }
  return result;
};
process.on('exit', () => {
  for (const [key, [ms, cpu, n]] of [...totals].sort((a, b) => b[1][0] - a[1][0])) {
    if (ms > 20) process.stderr.write(`stmt ${ms.toFixed(0)} ms ${cpu} cpu ${n}x ${key}\n`);
  }
});
