import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The chart palette test reads the token sheet; other styles stay out of the unit tests.
    css: { include: [/tokens\.css/] },
    // A test taking 1 s alone took 7 s on a loaded 2-core CI machine, past vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
