import { defineConfig } from 'vitest/config';

// Room for a loaded 2-core CI machine running every package's tests at once; a hang still fails.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 60_000 },
});
