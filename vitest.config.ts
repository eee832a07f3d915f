import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    globalSetup: ['tests/harness/global-setup.ts'],
    reporters: ['default', './tests/harness/ci-reporter.ts'],
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
