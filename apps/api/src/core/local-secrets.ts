import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSimulatorCredentials } from '@vault/authnet-simulator';
import { z } from 'zod';

const SimulatorSecrets = z.object({
  apiLoginId: z.string().min(8),
  transactionKey: z.string().min(16),
  clientKey: z.string().min(50),
});
const LocalSecrets = z.object({
  sessionSecret: z.string().min(32),
  demoAdminPassword: z.string().min(8),
  /** The payment simulator's merchant credentials for this install (see @vault/authnet-simulator). */
  simulator: SimulatorSecrets,
});
export type LocalSecrets = z.infer<typeof LocalSecrets>;
// Files written before the simulator had per-install credentials lack them; they are added.
const StoredSecrets = LocalSecrets.extend({ simulator: SimulatorSecrets.optional() });

/**
 * Embedded mode needs no configuration, yet sessions must survive a restart and the payment
 * simulator must not accept credentials anyone else knows: the secrets are generated on first
 * start and kept under DATA_DIR (mode 0600). Scaled mode never uses this.
 */
export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = readStored(file);
  if (stored?.simulator) return { ...stored, simulator: stored.simulator };
  const secrets: LocalSecrets = {
    sessionSecret: stored?.sessionSecret ?? randomBytes(32).toString('base64url'),
    demoAdminPassword: stored?.demoAdminPassword ?? randomBytes(9).toString('base64url'),
    simulator: generateSimulatorCredentials(),
  };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const json = `${JSON.stringify(secrets, null, 2)}\n`;
  if (!stored) {
    writeFileSync(file, json, { mode: 0o600, flag: 'wx' });
    return secrets;
  }
  // Adding to an existing file: write a fresh 0600 file beside it and rename it over the old
  // one, so a crash never leaves a half-written secrets.json and the mode is never widened.
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, json, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
  return secrets;
}

function readStored(file: string): z.infer<typeof StoredSecrets> | null {
  try {
    return StoredSecrets.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file} is unreadable or corrupt; delete it to generate new secrets`);
  }
}
