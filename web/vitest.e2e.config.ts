import { defineConfig } from 'vitest/config';

// The browser tests start a real server and Chromium per file. Two files at a time: a file spends
// most of its time waiting on its page and its server, so a second one fills the idle core, and
// nothing is shared between them (each has its own server, data folder, ports, SMTP sink and
// browser). The timeouts leave room for a loaded 2-core machine, where a page's first load can
// take seconds; a hang still ends in a failure.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: true,
    maxWorkers: 2,
    maxConcurrency: 1,
  },
});
