import { EnvError, logStream, mailLogWarning, onShutdown } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { bootstrapAdmin, DEMO_ADMIN_EMAIL, demoteDemoAdmin } from './auth/admin-bootstrap';
import { type LocalSecrets, loadOrCreateLocalSecrets } from './core/local-secrets';
import { type ApiEnv, loadApiEnv } from './env';
import { openRuntime } from './runtime';
import { ensureTestProducts, seedDemoData } from './seed/index';

/**
 * Connections the kernel may hold for us before accept(): a show's Buy burst brings thousands of
 * phones at once, and Node's default (511) overflowed, the kernel dropped SYNs and the clients
 * retried a second later — a 1 s tail on Buy. The kernel caps this at net.core.somaxconn (and
 * half-open ones at net.ipv4.tcp_max_syn_backlog): see docs/operations.md for the settings.
 */
const LISTEN_BACKLOG = 4096;

async function main() {
  const env = loadApiEnv();
  const local = env.mode === 'embedded' ? loadOrCreateLocalSecrets(env.DATA_DIR) : null;
  const sessionSecret = env.SESSION_SECRET ?? local?.sessionSecret;
  if (!sessionSecret) throw new Error('SESSION_SECRET is required');

  const runtime = await openRuntime(env, { sessionSecret, simulator: local?.simulator, vapid: local?.vapid });
  const app = await buildApp(runtime, {
    logLevel: env.LOG_LEVEL,
    logStream: logStream(env.LOG_FORMAT),
    trustProxy: env.TRUST_PROXY,
  });
  if (env.NODE_ENV === 'production' && runtime.config.payments.mode === 'simulator') {
    // Chosen explicitly (env.ts refuses it otherwise), but it must never go unnoticed.
    app.log.warn('AUTHNET_MODE=simulator in production: payments go to the local simulator and no real money is taken');
  }

  const mailWarning = mailLogWarning(env);
  if (mailWarning) app.log.warn(mailWarning);

  const admin = await prepareAdmin(app, env, local);
  if (env.SEED_DEMO) {
    if (await seedDemoData(app.deps, new Date())) app.log.info('seeded demo data');
  } else {
    await ensureTestProducts(app.deps);
  }

  // Every other port before the public one: a port that is taken stops the start here, never a
  // vault that already answers /api/health (a proxy would have sent members to it).
  if (env.metrics) {
    const port = await app.metrics.listen(env.metrics);
    app.log.info({ host: env.metrics.host, port }, 'metrics listening on /metrics');
  }
  await app.listen({ host: env.HOST, port: env.PORT, backlog: LISTEN_BACKLOG });

  const lines = ['', `  Vault is running (${env.mode} mode) at ${runtime.config.publicUrl}`, ...admin.banner, ''];
  process.stdout.write(`${lines.join('\n')}\n`);

  const deadlineMs = env.SHUTDOWN_DEADLINE_MS;
  onShutdown(
    [
      // Out of the proxy's rotation and sockets sent elsewhere, with time left for app.close().
      () => app.drain.start(Date.now() + deadlineMs / 2, { holdMs: env.DRAIN_HOLD_MS }),
      () => app.close(),
      () => runtime.close(),
    ],
    { deadlineMs, log: (msg) => app.log.info(msg) },
  );
}

/**
 * ADMIN_EMAIL's account, else (embedded mode, outside production unless SEED_DEMO=true) the demo
 * admin. Production never prints a password: a log is read by more people than the operator.
 */
async function prepareAdmin(
  app: FastifyInstance,
  env: ApiEnv,
  local: LocalSecrets | null,
): Promise<{ banner: string[] }> {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await bootstrapAdmin(app.deps, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
    app.log.info({ email: env.ADMIN_EMAIL, outcome }, 'admin account ready');
    await demoteDemoAdmin(app.deps, env.ADMIN_EMAIL);
    return { banner: [] };
  }
  if (local && (env.NODE_ENV !== 'production' || env.SEED_DEMO)) {
    const outcome = await bootstrapAdmin(app.deps, { email: DEMO_ADMIN_EMAIL, password: local.demoAdminPassword });
    app.log.info({ email: DEMO_ADMIN_EMAIL, outcome }, 'admin account ready');
    const password =
      env.NODE_ENV === 'production'
        ? '(password: demoAdminPassword in DATA_DIR/secrets.json)'
        : `/ ${local.demoAdminPassword}`;
    return { banner: [`  Demo admin: ${DEMO_ADMIN_EMAIL} ${password}`] };
  }
  app.log.warn('no admin account: set ADMIN_EMAIL and ADMIN_PASSWORD to have one (shows are run by an admin)');
  return { banner: [] };
}

main().catch((error: unknown) => {
  // One message listing every problem, then a non-zero exit: never limp on.
  console.error(
    error instanceof EnvError ? error.message : `Vault failed to start: ${(error as Error).stack ?? error}`,
  );
  process.exit(1);
});
