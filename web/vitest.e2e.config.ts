import { defineConfig } from 'vitest/config';

// The browser tests start a real server and Chromium: run them one file at a time, slowly.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxConcurrency: 1,
  },
});
