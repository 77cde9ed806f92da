import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const LocalSecrets = z.object({
  sessionSecret: z.string().min(32),
  demoAdminPassword: z.string().min(8),
});
export type LocalSecrets = z.infer<typeof LocalSecrets>;

/**
 * Embedded mode needs no configuration, yet sessions must survive a restart: the secrets are
 * generated on first start and kept under DATA_DIR (mode 0600). Scaled mode never uses this.
 */
export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return LocalSecrets.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable or corrupt; delete it to generate new secrets`);
    }
  }
  const secrets: LocalSecrets = {
    sessionSecret: randomBytes(32).toString('base64url'),
    demoAdminPassword: randomBytes(9).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
}
