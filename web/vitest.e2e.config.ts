import { defineConfig } from 'vitest/config';

// The browser tests start a real server and Chromium: one file at a time, with room for a loaded
// 2-core machine, where a page's first load can take seconds. A hang still ends in a failure.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    maxConcurrency: 1,
  },
});
