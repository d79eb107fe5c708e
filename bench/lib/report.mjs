// The run's description (machine, commit) and its markdown table.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export function machine(databaseUrl) {
  const git = (...a) => {
    try {
      return execFileSync('git', a, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? '+changes' : '';
  let postgres = '';
  try {
    postgres = execFileSync('psql', [databaseUrl, '-Atc', 'show server_version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // psql is optional: the version is only for the record.
  }
  return {
    commit: `${git('rev-parse', '--short', 'HEAD')}${dirty}`,
    info: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      node: process.version,
      postgres: postgres || 'unknown',
    },
  };
}

const int = (x) => (x === undefined || Number.isNaN(x) ? '–' : Math.round(x).toLocaleString('en-US'));
const pct = (x) => (x === undefined ? '–' : x >= 0.1 ? `${(x * 100).toFixed(0)}%` : `${(x * 100).toFixed(1)}%`);
const ms = (x) => (x === undefined ? '–' : `${x}`);
const issues = (r) => {
  if (r.skipped) return `skipped: ${r.skipped}`;
  if (r.failed) return `**failed**: ${r.failed}`;
  const s = r.statuses ?? {};
  const parts = [
    r.errors ? `**${r.errors} errors**` : '',
    r.timeouts ? `**${r.timeouts} timeouts**` : '',
    s['5xx'] ? `**${s['5xx']} 5xx**` : '',
    s['4xx'] ? `${s['4xx']} 4xx` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '0';
};

export function markdown(run) {
  const { settings: s, machine: m } = run;
  const lines = [
    `### ${run.mode === 'quick' ? 'Quick run' : 'Run'} of ${run.date.slice(0, 16).replace('T', ' ')} UTC, commit ${run.commit}`,
    '',
    `${m.cores} × ${m.cpu}, ${m.memoryGb} GB, load average ${m.loadAverage.join(' / ')} at the end; Node ${m.node}, PostgreSQL ${m.postgres}. ` +
      `${s.posts.toLocaleString('en-US')} posts; ${s.seconds} s a case after ${s.warmupSeconds} s of warm-up; ${s.connections} connections unless noted; ${s.pinning}.`,
    '',
    '| Case | req/s | p50 ms | p97.5 ms | p99 ms | errors, non-2xx | vs H | vs P |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
  ];
  const main = run.results.filter((r) => r.db === 'none' || r.db === 'postgres');
  for (const r of main) {
    const name = r.connections !== s.connections ? `${r.name} (${r.connections} connections)` : r.name;
    lines.push(
      `| ${name} | ${int(r.rps)} | ${ms(r.latency?.p50)} | ${ms(r.latency?.p975)} | ${ms(r.latency?.p99)} | ${issues(r)} | ${pct(r.vsH)} | ${pct(r.vsP)} |`,
    );
  }
  const lite = run.results.filter((r) => r.db === 'pglite');
  if (lite.length > 0) {
    const pgDb = s.embeddedPosts === s.posts ? 'postgres' : `postgres-${s.embeddedPosts}`;
    lines.push(
      '',
      `Embedded database (PGlite) against PostgreSQL, both with ${s.embeddedPosts.toLocaleString('en-US')} posts:`,
      '',
      '| Case | PGlite req/s | PostgreSQL req/s | PGlite / PostgreSQL | PGlite p99 ms | PostgreSQL p99 ms | PGlite errors, non-2xx |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of lite) {
      const pg = run.results.find((x) => x.db === pgDb && x.id === r.id);
      lines.push(
        `| ${r.name} | ${int(r.rps)} | ${int(pg?.rps)} | ${pct(r.vsPostgres)} | ${ms(r.latency?.p99)} | ${ms(pg?.latency?.p99)} | ${issues(r)} |`,
      );
    }
  }
  if (run.ingest) {
    const i = run.ingest;
    lines.push(
      '',
      `Ingest (\`pnpm db:import\`, ${i.posts.toLocaleString('en-US')} new Twitter posts from JSON Lines, search index in place): **${int(i.postsPerSecond)} posts/s** (${i.wallSeconds.toFixed(1)} s with process start).`,
    );
  }
  return lines.join('\n');
}
