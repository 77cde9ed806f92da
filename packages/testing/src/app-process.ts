import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type RunningProcess, startProcess } from './processes';

export interface EmbeddedApp {
  process: RunningProcess;
  /** http://localhost:<port>, the app's PUBLIC_URL, so emailed links and cookies agree. */
  baseUrl: string;
  /** The demo admin's sign-in, read from the startup log ('' if the log names none). */
  adminEmail: string;
  adminPassword: string;
  /**
   * The last emailed link that matches, read from the log (no SMTP_URL in tests). Emails go out
   * through the outbox after the answer, so this waits (up to timeoutMs) for one to be logged.
   */
  lastLink(pattern: string, timeoutMs?: number): Promise<string>;
  stop(): Promise<number | null>;
}

/** Starts the real embedded app (PGlite in a fresh DATA_DIR, built SPA) on a free port. */
export async function startEmbeddedApp(env: Record<string, string> = {}): Promise<EmbeddedApp> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const proc = startProcess('apps/api/src/main.ts', {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vault-e2e-')),
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'info',
    ...env,
  });
  try {
    await proc.waitFor('Vault is running');
  } catch (error) {
    // A process that never came up must not outlive the caller.
    await proc.stop();
    throw error;
  }
  const [, adminEmail = '', adminPassword = ''] = proc.output().match(/Demo admin: (\S+) \/ (\S+)/) ?? [];
  return {
    process: proc,
    baseUrl,
    adminEmail,
    adminPassword,
    async lastLink(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const last = [...proc.output().matchAll(new RegExp(pattern, 'g'))].at(-1)?.[0];
        if (last) return last;
        if (Date.now() > deadline) throw new Error(`No emailed link matching ${pattern} in the log`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => proc.stop(),
  };
}
