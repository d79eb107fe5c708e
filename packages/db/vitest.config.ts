import { defineConfig } from 'vitest/config';
import { testProjects, testWorkers } from './src/testing.js';

// Two files at a time on a 2-core machine (testWorkers), which a CI machine running other tasks
// beside them stretches: the timeouts leave room for that; a hang still fails.
export default defineConfig({
  test: { projects: testProjects(), maxWorkers: testWorkers(), testTimeout: 60_000, hookTimeout: 180_000 },
});
