import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { v1OpenApiDocument } from '@coinsight/contracts';
import { expect, it } from 'vitest';

// The /v1 OpenAPI document passes `redocly lint` (its recommended rules, redocly.yaml)
// with zero errors and zero warnings, run on the document GET /v1/openapi.json serves.

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

it('passes redocly lint with no error and no warning', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coinsight-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(v1OpenApiDocument({ serverUrl: 'https://api.coinsight.dev', version: '1.0.0' })));
    const cli = path.join(API_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const run = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(API_ROOT, 'redocly.yaml'), '--format', 'json'],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 16 << 20 },
    ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { message: string; ruleId: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
