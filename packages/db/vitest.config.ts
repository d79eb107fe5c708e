import { defineConfig } from 'vitest/config';
import { testProjects } from './src/testing.js';

export default defineConfig({
  test: { projects: testProjects(), testTimeout: 30_000, hookTimeout: 60_000 },
});
