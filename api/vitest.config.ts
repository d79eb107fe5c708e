import { testProjects } from '@coinsight/db/testing';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { projects: testProjects(), testTimeout: 30_000, hookTimeout: 60_000 },
});
