import { EnvError, logStream, onShutdown } from '@vault/server';
import { buildApp } from './app';
import { loadApiEnv } from './env';
import { loadOrCreateLocalSecrets } from './lib/local-secrets';
import { openRuntime } from './runtime';
import { bootstrapAdmin } from './services/admin-bootstrap';
import { startEmbeddedMaintenance } from './services/maintenance';
import { ensureTestProducts, seedDemoData } from './services/seed/index';

const DEMO_ADMIN_EMAIL = 'admin@vault.local';
/**
 * Connections the kernel may hold for us before accept(): a show's Buy burst brings thousands of
 * phones at once, and Node's default (511) overflowed, the kernel dropped SYNs and the clients
 * retried a second later — a 1 s tail on Buy. The kernel caps this at net.core.somaxconn (and
 * half-open ones at net.ipv4.tcp_max_syn_backlog): see the README's operating notes.
 */
const LISTEN_BACKLOG = 4096;

async function main() {
  const env = loadApiEnv();
  const local = env.mode === 'embedded' ? loadOrCreateLocalSecrets(env.DATA_DIR) : null;
  const sessionSecret = env.SESSION_SECRET ?? local?.sessionSecret;
  if (!sessionSecret) throw new Error('SESSION_SECRET is required');

  const runtime = await openRuntime(env, { sessionSecret, simulator: local?.simulator });
  const app = await buildApp(runtime, {
    logLevel: env.LOG_LEVEL,
    logStream: logStream(env.LOG_FORMAT),
    trustProxy: env.TRUST_PROXY,
  });
  if (env.NODE_ENV === 'production' && runtime.config.payments.mode === 'simulator') {
    // Chosen explicitly (env.ts refuses it otherwise), but it must never go unnoticed.
    app.log.warn('AUTHNET_MODE=simulator in production: payments go to the local simulator and no real money is taken');
  }

  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, demo: false }
      : local
        ? { email: DEMO_ADMIN_EMAIL, password: local.demoAdminPassword, demo: true }
        : null;
  if (admin) {
    const outcome = await bootstrapAdmin(app.deps, admin);
    app.log.info({ email: admin.email, outcome }, 'admin account ready');
  }
  if (env.SEED_DEMO) {
    if (await seedDemoData(app.deps, new Date())) app.log.info('seeded demo data');
  } else {
    await ensureTestProducts(app.deps);
  }

  const stopMaintenance = env.mode === 'embedded' ? startEmbeddedMaintenance(app.deps) : () => {};
  await app.listen({ host: env.HOST, port: env.PORT, backlog: LISTEN_BACKLOG });
  if (env.METRICS_ENABLED) {
    const port = await app.metrics.listen({ host: env.METRICS_HOST, port: env.METRICS_PORT });
    app.log.info({ host: env.METRICS_HOST, port }, 'metrics listening on /metrics');
  }

  const lines = [
    '',
    `  Vault is running (${env.mode} mode) at ${runtime.config.publicUrl}`,
    ...(admin?.demo ? [`  Demo admin: ${admin.email} / ${admin.password}`] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const deadlineMs = env.SHUTDOWN_DEADLINE_MS;
  onShutdown(
    [
      // Out of the proxy's rotation and sockets sent elsewhere, with time left for app.close().
      () => app.drain.start(Date.now() + deadlineMs / 2),
      async () => stopMaintenance(),
      () => app.close(),
      () => runtime.close(),
    ],
    { deadlineMs, log: (msg) => app.log.info(msg) },
  );
}

main().catch((error: unknown) => {
  // One message listing every problem, then a non-zero exit: never limp on.
  console.error(
    error instanceof EnvError ? error.message : `Vault failed to start: ${(error as Error).stack ?? error}`,
  );
  process.exit(1);
});
