import { rmSync } from 'node:fs';
import path from 'node:path';
import { composeProject, hostExtraCa, scratchDir, writeOperatorEnv } from './support/compose';

/**
 * Builds the app images exactly as the compose test's first step does (its project, files, build
 * arguments and the lent CA), with a throwaway .env from the header's lines: the test's own build
 * then finds every layer cached. Nothing here is timed, so CI runs it beside typecheck and lint.
 */
const dir = scratchDir();
try {
  const ca = hostExtraCa(dir);
  writeOperatorEnv(dir, { VAULT_TEST_PG_PORT: '5432', ...(ca ? { BUILD_CA_CERTS: ca } : {}) });
  const started = performance.now();
  await composeProject(path.join(dir, '.env')).compose(['build', '--quiet', 'api', 'worker'], 1_500_000);
  console.log(`compose-prepare: app images built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
