import { testProjects, testWorkers } from '@coinsight/db/testing';
import { defineConfig } from 'vitest/config';

// Two files at a time on a 2-core machine (testWorkers), which a CI machine running other tasks
// beside them stretches: the timeouts leave room for that; a hang still fails.
// `isolate: false`: a worker keeps the modules it has imported from one file to the next. With
// isolation every file imported the app anew, about 5 s a file on a loaded machine and close to
// half the suite's time; the files share no module state that one could change for another (no
// module mocks; each makes its own databases, servers and Redis names).
export default defineConfig({
  test: { projects: testProjects(), maxWorkers: testWorkers(), isolate: false, testTimeout: 120_000, hookTimeout: 300_000 },
});
