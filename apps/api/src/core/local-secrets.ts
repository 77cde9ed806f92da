import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSimulatorCredentials } from '@vault/authnet-simulator';
import { generateVapidKeys, vapidPairProblem } from '@vault/notify';
import { z } from 'zod';

const SimulatorSecrets = z.object({
  apiLoginId: z.string().min(8),
  transactionKey: z.string().min(16),
  clientKey: z.string().min(50),
});
const VapidSecrets = z
  .object({ publicKey: z.string(), privateKey: z.string() })
  .refine((keys) => vapidPairProblem(keys) === null, 'the VAPID keys are not a P-256 pair');
const LocalSecrets = z.object({
  sessionSecret: z.string().min(32),
  demoAdminPassword: z.string().min(8),
  /** The payment simulator's merchant credentials for this install (see @vault/authnet-simulator). */
  simulator: SimulatorSecrets,
  /** This install's Web Push (VAPID) pair: every browser subscription is bound to its public key. */
  vapid: VapidSecrets,
});
export type LocalSecrets = z.infer<typeof LocalSecrets>;
// Files written before the simulator had per-install credentials, or before Web Push, lack them;
// what is missing is added and the rest kept (a new VAPID pair would orphan every subscription).
const StoredSecrets = LocalSecrets.extend({ simulator: SimulatorSecrets.optional(), vapid: VapidSecrets.optional() });

/**
 * Embedded mode needs no configuration, yet sessions must survive a restart, the payment
 * simulator must not accept credentials anyone else knows and Web Push subscriptions must outlive
 * a restart: the secrets are generated on first start and kept under DATA_DIR (mode 0600). Scaled
 * mode never uses this.
 */
export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = readStored(file);
  if (stored?.simulator && stored.vapid) return { ...stored, simulator: stored.simulator, vapid: stored.vapid };
  const secrets: LocalSecrets = {
    sessionSecret: stored?.sessionSecret ?? randomBytes(32).toString('base64url'),
    demoAdminPassword: stored?.demoAdminPassword ?? randomBytes(9).toString('base64url'),
    simulator: stored?.simulator ?? generateSimulatorCredentials(),
    vapid: stored?.vapid ?? generateVapidKeys(),
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
