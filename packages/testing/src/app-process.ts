import type { RunningProcess } from './processes';
import { startStack } from './stack';

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

/** Starts the real embedded app (PGlite in a fresh DATA_DIR, built SPA) on a free port: the browser tests' stack. */
export async function startEmbeddedApp(env: Record<string, string> = {}): Promise<EmbeddedApp> {
  const stack = await startStack({ mode: 'embedded', env });
  const [proc] = stack.apis;
  if (!proc) throw new Error('the embedded app has no process');
  return {
    process: proc,
    baseUrl: stack.url,
    adminEmail: stack.admin.email,
    adminPassword: stack.admin.password,
    lastLink: stack.lastLink,
    // Its exit code: the tests check a graceful shutdown.
    stop: () => proc.stop(),
  };
}
