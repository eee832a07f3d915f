import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    globalSetup: ['tests/harness/global-setup.ts'],
    reporters: ['default', './tests/harness/ci-reporter.ts'],
    pool: 'forks',
    // Two cores: two files at a time keeps browser tests (Chromium + API + PostgreSQL) from starving.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
