import { defineConfig } from 'vitest/config';

const integrationFiles = ['{apps,packages}/*/{src,test}/**/*.int.test.ts', 'tests/*.int.test.ts'];

/**
 * Integration files that run in-process against PGlite, Postgres and Redis with no wall-clock bound
 * and no process of their own: two at a time (the machine has two cores). Every other integration
 * file starts real processes, restarts a service, or bounds a time (recovery, delivery, a Buy
 * under load), so it runs alone, after these, where its figures mean what they say.
 */
const twoAtATime = [
  'accounts-limits-and-resets',
  'admin-members',
  'accounts-sign-up-sign-in',
  'admin',
  'asyncapi',
  'attestations',
  'audit-log',
  'audit-policy',
  'audit-records',
  'audit-fail-closed',
  'auth-limits',
  'authnet-malformed',
  'authnet-official-sdk',
  'authnet-payment-forms',
  'authorization-matrix',
  'buy-attempts',
  'buy-eligibility',
  'card-limits',
  'database-roles',
  'date-of-birth',
  'error-codes',
  'external-sign-in',
  'fair-caps',
  'fault-controls',
  'fuzz',
  'hardening',
  'hearts',
  'input-limits',
  'logout-navigation',
  'openapi-answers',
  'openapi-document',
  'realtime',
  'relist',
  'rules-admin',
  'seed',
  'shipping-classes',
  'show-items-edit',
  'show-report-run',
  'show-report-sampling',
  'shows',
  'simulator-security',
  'simulator-tables',
  'socket-origin',
  'state-poll',
  'test-products-admin',
  'trust-proxy',
  'uploads-refusals',
  'uploads-storing',
  // After the sale: in-process service and route tests (the fault race runs alone).
  'shipments*',
  'fulfillment*',
  'returns*',
  'refunds*',
  'orders*',
  'authnet-settlement*',
  // In-process, and their only time checks are loose (a countdown under 10 s) or per process (CPU).
  'payments-cards',
  'payments-profile-orders',
  'reminders-subscriptions',
  'buy-http',
  'buy-reconcile',
  'login-abuse',
  // Fair drops: entries, the close and the next in line, the sale mode's storage, the report.
  'draws',
  'next-in-line',
  'sale-mode',
  'fair-drops-report',
  'buying-suspension',
  'session-reads',
  // Web Push: the routes, the rows each event writes, and delivery to the test's own push service
  // (its waits are loose deadlines on retries it triggers, never a measured time).
  'push-routes',
  'push-events',
  'fan-out',
  'push-service',
  // They start processes (the app, the worker, a build, Vite) but assert only what those print,
  // store and answer, never how fast: two at a time, each process with a core of its own.
  'simulator-mounting',
  'production-safety',
  'production-build',
  'dev-loop',
  'external-sign-in-squatter',
  'deliverer',
]
  .map((name) => `{apps,packages}/*/{src,test}/**/${name}.int.test.ts`)
  .concat([
    'packages/show/src/lineup.int.test.ts',
    'packages/show/src/store.int.test.ts',
    'tests/dev-loop.int.test.ts',
    // Each checks what one process registers or starts, by its output and Redis, never a time.
    'apps/api/test/platform/metrics.int.test.ts',
    'apps/api/test/platform/background.int.test.ts',
    'apps/worker/test/metrics.int.test.ts',
    'apps/worker/test/background.int.test.ts',
    'apps/worker/test/maintenance.int.test.ts',
    'apps/worker/test/notify.int.test.ts',
  ]);

/**
 * Browser tests whose pages are timed (a Sold within a second, a countdown, a link cut and
 * restored, a show's phases) or that start more than one process: alone, after the others. The
 * rest click through screens with no clock of their own and run two at a time (each starts its
 * own app and Chromium).
 */
const browserAlone = [
  'fair-drops',
  'bad-link',
  'live-show',
  'behind-haproxy',
  'buying',
  'member-features',
  'show-report',
  'fulfillment-admin',
  // It cuts the network and watches 1.5 s for a reload that must not come.
  'pwa-install',
  // Lighthouse's performance score is a timing: a quiet machine.
  'mobile-audit',
].map((name) => `tests/browser/${name}.test.ts`);

// Unit tests; integration tests against PGlite, real Postgres and real Redis (two at a time, then
// the ones that must run alone); browser tests driving Debian's Chromium against the app started
// as a real process (two at a time, then the timed ones alone). Groups run one after another;
// projects of one group share its worker count.
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
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: twoAtATime,
          globalSetup: ['tests/setup/require-services.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
          // Each file builds its own apps from the config it passes (no module-level state, no env
          // or module mocks in these files), so the two workers load the app's modules once each
          // instead of once per file: most of an in-process file's start-up was that import.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration-alone',
          include: integrationFiles,
          exclude: [...twoAtATime, '**/node_modules/**'],
          globalSetup: ['tests/setup/require-services.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          exclude: [...browserAlone, '**/node_modules/**'],
          globalSetup: ['tests/setup/require-browser.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'browser-alone',
          include: browserAlone,
          globalSetup: ['tests/setup/require-browser.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
