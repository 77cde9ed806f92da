import type { Haproxy } from './haproxy';
import { type Stack, startStack } from './stack';

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /** Added to every API replica's environment (e.g. SERVE_WEB=true for a browser). */
  apiEnv?: Record<string, string>;
}

/** A scaled stack behind HAProxy: `url` is the proxy's, and every replica's PUBLIC_URL. */
export type Cluster = Stack & { proxy: Haproxy };

/**
 * Scaled mode as an operator runs it: API replicas and BullMQ workers as real processes on a
 * scratch Postgres database and a Redis prefix, behind Debian's HAProxy on the shipped config.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const stack = await startStack({
    mode: 'scaled',
    apiReplicas: options.apis ?? 2,
    workers: options.workers ?? 2,
    proxy: 'haproxy',
    apiEnv: options.apiEnv,
  });
  const { proxy } = stack;
  if (!proxy) throw new Error('the cluster started without its proxy');
  return { ...stack, proxy };
}
