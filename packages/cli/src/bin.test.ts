import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  files: string[];
};

describe('the coinsight bin', () => {
  // pnpm links a workspace package's bins when it installs, before anything is built: a bin pointing
  // into dist/ made every fresh clone's `pnpm install` warn "Failed to create bin".
  it('is a committed file outside dist/, shipped in the package', () => {
    expect(Object.keys(manifest.bin)).toEqual(['coinsight']);
    const bin = manifest.bin.coinsight!;
    expect(bin).not.toMatch(/^(\.\/)?dist\//);
    expect(existsSync(new URL(`../${bin}`, import.meta.url))).toBe(true);
    expect(manifest.files).toContain(bin.split('/')[0]);
  });

  it('runs the bundled build', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [`${PACKAGE}${manifest.bin.coinsight}`, '--version']);
    expect(stdout.trim()).toBe(manifest.version);
  });
});
