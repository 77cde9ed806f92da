import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests; integration tests against PGlite, real Postgres and real
// Redis; browser tests driving Debian's Chromium against the app started as a real process.
export default defineConfig({
  test: {
    // CI also writes a JSON report, from which .ci/run prints a one-line pass/fail count.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/{src,test}/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages}/*/{src,test}/**/*.int.test.ts', 'tests/*.int.test.ts'],
          globalSetup: ['tests/setup/require-services.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/setup/require-browser.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
