import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, lastLinkIn, type RunningProcess, START_TIMEOUT_MS, startProcess } from './processes';
import type { Stack, StackOptions } from './stack';

/** Embedded mode as a fresh install runs it: one process, PGlite in a fresh DATA_DIR, no worker. */
export async function startEmbeddedStack(options: StackOptions): Promise<Stack> {
  if ((options.apiReplicas ?? 1) !== 1 || (options.workers ?? 0) !== 0 || (options.proxy ?? 'none') !== 'none') {
    throw new Error('embedded mode is one process: no replicas, workers or proxy');
  }
  const port = await freePort();
  const url = `http://${options.host ?? 'localhost'}:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vault-e2e-')),
    PORT: String(port),
    // Its PUBLIC_URL, so emailed links and cookies agree with what the browser opens.
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    ...options.env,
    ...options.apiEnv,
  };
  const apis: RunningProcess[] = [];
  const startApi = async (index: number) => {
    if (index !== 0) throw new Error('embedded mode has one API');
    const proc = startProcess('apps/api/src/main.ts', env, options.apiNodeArgs);
    apis[0] = proc;
    try {
      await proc.waitFor('Vault is running', START_TIMEOUT_MS);
    } catch (error) {
      // A process that never came up must not outlive the caller.
      await proc.stop();
      throw error;
    }
    return proc;
  };
  const first = await startApi(0);
  const [, email = '', password = ''] = first.output().match(/Demo admin: (\S+) \/ (\S+)/) ?? [];
  return {
    mode: 'embedded',
    url,
    apiUrls: [url],
    apiPorts: [port],
    apis,
    workers: [],
    proxy: null,
    databaseUrl: '',
    redisPrefix: '',
    sessionSecret: env.SESSION_SECRET ?? '',
    admin: { email, password },
    dataDir: env.DATA_DIR ?? null,
    serverName: (index) => `api${index + 1}`,
    startApi,
    lastLink: lastLinkIn(() => apis[0]?.output() ?? ''),
    async stop() {
      await apis[0]?.stop();
    },
  };
}
