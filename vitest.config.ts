import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const exclude = ['node_modules/**', 'web/dist/**', '.data/**'];

/**
 * Four projects (docs/ARCHITECTURE.md, Tests): `unit` is pure logic with no global setup (no
 * PostgreSQL, no web build); `component` renders one React component (a form's section) in a real
 * Chromium page with no server behind it, its calls answered by the test; `int` gets PostgreSQL
 * with the migrated and demo templates; `e2e` gets the same PostgreSQL plus the production build of
 * the web app. `npm test` runs all four and ends with one closing line; `npm run
 * test:unit|test:component|test:int|test:e2e` runs one.
 */
export default defineConfig({
  // @shared, @events, @api: the path aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    reporters: ['default', './tests/harness/ci-reporter.ts'],
    pool: 'forks',
    // Two cores: two files at a time keeps browser tests (Chromium + API + PostgreSQL) from starving.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.unit.test.ts'], exclude } },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'component',
          include: ['web/src/**/*.component.test.tsx'],
          exclude,
          browser: {
            enabled: true,
            headless: true,
            // The machine's Chromium, as the e2e project uses (CHROMIUM_PATH moves it).
            provider: playwright({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] } }),
            instances: [{ browser: 'chromium', viewport: { width: 1366, height: 768 } }],
            screenshotFailures: false,
          },
        },
      },
      { extends: true, test: { name: 'int', include: ['**/*.int.test.ts'], exclude, globalSetup: ['tests/harness/global-setup.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['**/*.e2e.test.ts'], exclude, globalSetup: ['tests/harness/global-setup.ts'] } },
    ],
  },
});
