import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The compose test alone (`pnpm test:compose`, run by tests/compose/run.sh after the engine and the
 * stand-in images are ready): one file whose steps run in order against one stack.
 */
export default defineConfig({
  test: {
    name: 'compose',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/compose/**/*.test.ts'],
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Every step's own figures are printed; a failed step leaves the stack for the next to judge.
    bail: 1,
  },
});
