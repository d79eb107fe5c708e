import { testProjects, testWorkers } from '@coinsight/db/testing';
import { defineConfig } from 'vitest/config';

// Two files at a time on a 2-core machine (testWorkers), which a CI machine running other tasks
// beside them stretches: the timeouts leave room for that; a hang still fails.
export default defineConfig({
  test: { projects: testProjects(), maxWorkers: testWorkers(), testTimeout: 60_000, hookTimeout: 180_000 },
});
