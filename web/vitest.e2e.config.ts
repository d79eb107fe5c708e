import { defineConfig } from 'vitest/config';

// The browser tests start a real server and Chromium per file. Three files at a time on 2 cores: a
// file spends much of its time waiting on its page and its server (a page's network going idle, a
// tick, a poll), and nothing is shared between them (each has its own server, data folder, ports,
// SMTP sink and browser). Measured on a 2-core machine, the whole suite alone: two at a time took
// 9 min 27 s with the CPU idle 13% of it, three 8 min 46 s with it idle 5%. But `pnpm test` runs
// them beside the unit and integration tests: there a third file only adds to a machine already
// busy (load 15-23 on 2 cores, every page several times slower), so two at a time. The timeouts
// leave room for such a machine, where a page's first load can take seconds; a hang still fails.
// The same goes for `expect.poll`: its default gives up after one second, less than a lazy chunk can
// take to render there, so a poll waits up to 30 s unless the test says otherwise.
export default defineConfig({
  test: {
    expect: { poll: { timeout: 30_000, interval: 100 } },
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 360_000,
    // A file's server and browser start in a hook: e2e/harness.ts names the step a start hangs in before this.
    hookTimeout: 600_000,
    fileParallelism: true,
    maxWorkers: 2,
    maxConcurrency: 1,
  },
});
