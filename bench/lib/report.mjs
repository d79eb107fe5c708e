// The run's description (machine, commit) and its markdown table.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** The server settings this workload is sensitive to (docs/operations.md): every run records them. */
const POSTGRES_SETTINGS = [
  'shared_buffers',
  'effective_cache_size',
  'work_mem',
  'random_page_cost',
  'effective_io_concurrency',
  'jit',
  'max_connections',
  'max_parallel_workers_per_gather',
];

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
  let postgresSettings = {};
  try {
    const names = POSTGRES_SETTINGS.map((n) => `'${n}'`).join(', ');
    const rows = execFileSync(
      'psql',
      [
        databaseUrl,
        '-AtF',
        '\t',
        '-c',
        `select 'server_version', current_setting('server_version') union all select name, current_setting(name) from pg_settings where name in (${names})`,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    for (const [name, value] of rows) {
      if (name === 'server_version') postgres = value;
      else postgresSettings[name] = value;
    }
  } catch {
    // psql is optional: the version and settings are only for the record.
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
      postgresSettings,
    },
  };
}

const int = (x) => (x === undefined || Number.isNaN(x) ? '–' : Math.round(x).toLocaleString('en-US'));
const pct = (x) => (x === undefined ? '–' : x >= 0.1 ? `${(x * 100).toFixed(0)}%` : `${(x * 100).toFixed(1)}%`);
const ms = (x) => (x === undefined ? '–' : `${x}`);
/** Answers other than 2xx, by status (503s shed with Retry-After are in their own column). */
const non2xx = (r) => {
  if (r.skipped) return `skipped: ${r.skipped}`;
  if (r.failed) return `**failed**: ${r.failed}`;
  const parts = Object.entries(r.byStatus ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => [code, code === '503' ? n - (r.shed ?? 0) : n])
    .filter(([, n]) => n > 0)
    .map(([code, n]) => (code.startsWith('5') ? `**${int(n)} × ${code}**` : `${int(n)} × ${code}`));
  return parts.length ? parts.join(', ') : '0';
};
const errors = (r) =>
  r.rps === undefined
    ? ''
    : [r.errors - r.timeouts ? `**${r.errors - r.timeouts} errors**` : '', r.timeouts ? `${r.timeouts} timeouts` : '']
        .filter(Boolean)
        .join(', ') || '0';
/** Shed answers, and why when not all busy (overload or a pool wait): `40 (12 database unreachable)`. */
const shed = (r) => {
  const others = Object.entries(r.shedBy ?? {}).filter(([reason]) => reason !== 'busy');
  return others.length === 0 ? int(r.shed) : `${int(r.shed)} (${others.map(([reason, n]) => `${int(n)} ${reason}`).join(', ')})`;
};
const repeats = (r) => (r.repeatShare === undefined ? '' : pct(r.repeatShare));

const MODE_TITLES = {
  realistic:
    'Realistic mode: every request drawn from the seeded distribution (bench/README.md), sessions and keys dealt out over many accounts',
  hot: 'Hot-cache mode: every connection asks the same request (the 2 s read cache answers most of them)',
};

export function markdown(run) {
  const { settings: s, machine: m } = run;
  const lines = [
    `### ${run.run === 'quick' ? 'Quick run' : 'Run'} of ${run.date.slice(0, 16).replace('T', ' ')} UTC, commit ${run.commit}`,
    '',
    `${m.cores} × ${m.cpu}, ${m.memoryGb} GB, load average ${m.loadAverage.join(' / ')} at the end; Node ${m.node}, PostgreSQL ${m.postgres}. ` +
      `${s.posts.toLocaleString('en-US')} posts; ${s.seconds} s a case after ${s.warmupSeconds} s of warm-up; ${s.connections} connections unless noted; ${s.pinning}; seed ${s.seed}.`,
  ];
  const pgSettings = Object.entries(m.postgresSettings ?? {});
  if (pgSettings.length > 0) {
    lines.push('', `PostgreSQL settings: ${pgSettings.map(([name, value]) => `${name} ${value}`).join(', ')}.`);
  }
  for (const mode of run.modes) {
    const rows = run.results.filter(
      (r) => (r.db === 'none' || r.db === 'postgres') && (r.mode === mode || r.id === 'H') && r.group !== 'capacity',
    );
    lines.push(
      '',
      `**${MODE_TITLES[mode]}.** 2xx req/s counts only successful answers; vs H and vs P compare 2xx req/s, P being this mode's${mode === 'realistic' ? ' (the same list draws)' : ''}.`,
      '',
      `| Case | 2xx req/s | p50 ms | p99 ms | non-2xx | shed 503 | errors | vs H | vs P |${mode === 'realistic' ? ' repeats ≤ 2 s |' : ''}`,
      `| --- | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: |${mode === 'realistic' ? ' ---: |' : ''}`,
    );
    for (const r of rows) {
      const name = r.connections !== s.connections ? `${r.name} (${r.connections} connections)` : r.name;
      lines.push(
        `| ${name} | ${int(r.rps2xx)} | ${ms(r.latency?.p50)} | ${ms(r.latency?.p99)} | ${non2xx(r)} | ${shed(r)} | ${errors(r)} | ${pct(r.vsH)} | ${pct(r.vsP)} |${mode === 'realistic' ? ` ${repeats(r)} |` : ''}`,
      );
    }
  }
  const sweep = run.results.filter((r) => r.group === 'capacity');
  if (sweep.length > 0) {
    lines.push(
      '',
      `**Capacity, realistic mode.** The same draws at offered rates (autocannon's \`overallRate\`, ${sweep[0].connections} connections, latency counted from when each request was due) around the 2xx req/s each case reached with ${s.connections} connections: below 100% every request should be answered and none shed; past it the server sheds (503 + Retry-After) or queues.`,
      '',
      '| Case | offered req/s | 2xx req/s | p50 ms | p99 ms | non-2xx | shed 503 | errors |',
      '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |',
    );
    for (const r of sweep)
      lines.push(
        `| ${r.name} | ${int(r.offered)} | ${int(r.rps2xx)} | ${ms(r.latency?.p50)} | ${ms(r.latency?.p99)} | ${non2xx(r)} | ${shed(r)} | ${errors(r)} |`,
      );
  }
  const lite = run.results.filter((r) => r.db === 'pglite');
  if (lite.length > 0) {
    const pgDb = s.embeddedPosts === s.posts ? 'postgres' : `postgres-${s.embeddedPosts}`;
    lines.push(
      '',
      `Embedded database (PGlite) against PostgreSQL, both with ${s.embeddedPosts.toLocaleString('en-US')} posts:`,
      '',
      '| Case | mode | PGlite 2xx req/s | PostgreSQL 2xx req/s | PGlite / PostgreSQL | PGlite p99 ms | PostgreSQL p99 ms | PGlite non-2xx |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of lite) {
      const pg = run.results.find((x) => x.db === pgDb && x.id === r.id);
      lines.push(
        `| ${r.name} | ${r.mode} | ${int(r.rps2xx)} | ${int(pg?.rps2xx)} | ${pct(r.vsPostgres)} | ${ms(r.latency?.p99)} | ${ms(pg?.latency?.p99)} | ${non2xx(r)} |`,
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
