import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// A file that replaces a module (vi.mock), or says it needs a cold module graph (`vitest-isolate`),
// runs in a fresh one: a replaced module would stay replaced for the next file in the same
// worker, and a loaded page chunk stays loaded. Every other file shares its worker's modules and
// jsdom with the files before it (`isolate: false`): setting up jsdom and importing React, the
// router and the page chunks anew per file was a third of the run (measured alone on a 2-core
// machine: 222 s all isolated, 146 s so split). Files leave nothing behind for the next one (setup.ts).
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;
const isolated = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file) && /vi\.mock\(|vitest-isolate/.test(readFileSync(path.join(SRC, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // The chart palette test reads the token sheet; other styles stay out of the unit tests.
    css: { include: [/tokens\.css/] },
    // A test taking 1 s alone took 7 s on a loaded 2-core CI machine, past vitest's 5 s default,
    // and a cold page chunk more than 10 s under a full CI run (src/test/setup.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
    ],
  },
});
