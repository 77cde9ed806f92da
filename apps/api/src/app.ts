import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializeRequest } from './lib/log-serializers';
import { fastifyTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { jsonSerializerCompiler, zodValidatorCompiler } from './lib/zod-provider';
import { audit } from './plugins/audit';
import { auth } from './plugins/auth';
import { drain } from './plugins/drain';
import { errorHandler } from './plugins/error-handler';
import { type AppDeps, infrastructure } from './plugins/infrastructure';
import { metrics } from './plugins/metrics';
import { notifications, REMINDERS_PREFIX } from './plugins/notifications';
import { openapi } from './plugins/openapi';
import { originCheck } from './plugins/origin-check';
import { payments } from './plugins/payments';
import { rateLimits } from './plugins/rate-limit';
import { realtime } from './plugins/realtime';
import { sales } from './plugins/sales';
import { securityHeaders } from './plugins/security-headers';
import { serviceDeps } from './plugins/service-deps';
import { sessions } from './plugins/session';
import { showEngine } from './plugins/show-engine';
import { socketBuy } from './plugins/socket-buy';
import { spa } from './plugins/spa';
import { watcherSamples } from './plugins/watcher-samples';
import adminPurchaseRoutes from './routes/admin-purchases/index';
import auditRoutes from './routes/audit/index';
import externalAuthRoutes from './routes/auth/external';
import authRoutes from './routes/auth/index';
import buyRoutes from './routes/buy/index';
import health from './routes/health/index';
import heartRoutes from './routes/hearts/index';
import onboardingRoutes from './routes/onboarding/index';
import orderRoutes from './routes/orders/index';
import paymentRoutes from './routes/payment/index';
import paymentMethodRoutes from './routes/payment-methods/index';
import profileRoutes from './routes/profile/index';
import purchaseRoutes from './routes/purchases/index';
import reminderRoutes from './routes/reminders/index';
import showRoutes from './routes/show/index';
import showItemRoutes from './routes/show-items/index';
import showReportRoutes from './routes/show-report/index';
import showsRoutes from './routes/shows/index';
import testProductRoutes from './routes/test-products/index';
import testProductsAdminRoutes from './routes/test-products-admin/index';
import uploadRoutes from './routes/uploads/index';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: ReadonlyArray<RouteTableEntry>;
  }
}

/** A registered route; its schema lets the fuzz test generate requests for every route. */
export interface RouteTableEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

export interface BuildOptions {
  logLevel?: string;
  /** Where the logs go (logStream in @vault/server): pino's JSON on stdout when unset. */
  logStream?: DestinationStream;
  /** Which X-Forwarded-For hops to believe (env.ts TRUST_PROXY): none, a hop count, or proxy addresses. */
  trustProxy?: TrustProxy;
}

/** Builds the HTTP app from already-open dependencies; tests call this with their own. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: 64 * 1024,
    // Request ids reach the logs and the X-Request-Id header, so a user report can be traced.
    // Ours are generated, never taken from the client (a forged id could collide or spoof log
    // lines); a client's own X-Request-Id is logged apart as clientRequestId.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // A request that reaches a closing replica is served, not refused: see plugins/drain.ts.
    return503OnClosing: false,
  });
  // Every route as registered, for the authorisation matrix test (a new route cannot escape it).
  const routeTable: RouteTableEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // JSON bodies only: a text/plain or form POST (the kind a foreign page can send) gets 415.
  app.removeContentTypeParser(['text/plain']);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(infrastructure, deps);
  // Before every plugin that records into it (sessions, payments, realtime, sales).
  await app.register(metrics);
  await app.register(drain);
  await app.register(errorHandler);
  // Before any route: @fastify/rate-limit attaches per-route limits as routes are added.
  await app.register(rateLimits);
  await app.register(securityHeaders);
  await app.register(originCheck);
  await app.register(sessions, { secret: deps.config.sessionSecret });
  await app.register(auth);
  // Before any route (the simulator's fault controls included): its onSend hook records admin actions.
  await app.register(audit);
  // Before any route: the OpenAPI document collects them as they are added (the simulator's too).
  await app.register(openapi);
  await app.register(payments);
  await app.register(showEngine);
  await app.register(notifications);
  // After every plugin a service uses, before every route: routes hand app.deps to services.
  await app.register(serviceDeps);
  await app.register(realtime);
  await app.register(sales);
  await app.register(socketBuy);
  await app.register(watcherSamples);
  await app.register(health, { prefix: '/api/health' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(externalAuthRoutes);
  await app.register(onboardingRoutes, { prefix: '/api/onboarding' });
  await app.register(paymentRoutes, { prefix: '/api/payment' });
  await app.register(paymentMethodRoutes, { prefix: '/api/payment-methods' });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(orderRoutes, { prefix: '/api/orders' });
  await app.register(purchaseRoutes, { prefix: '/api/purchases' });
  await app.register(adminPurchaseRoutes, { prefix: '/api/purchases' });
  await app.register(showRoutes, { prefix: '/api/show' });
  await app.register(buyRoutes, { prefix: '/api/show' });
  await app.register(testProductRoutes, { prefix: '/api/test-products' });
  await app.register(testProductsAdminRoutes, { prefix: '/api/admin/test-products' });
  await app.register(showsRoutes, { prefix: '/api/shows' });
  await app.register(showReportRoutes, { prefix: '/api/shows' });
  await app.register(showItemRoutes, { prefix: '/api/show-items' });
  await app.register(reminderRoutes, { prefix: REMINDERS_PREFIX });
  await app.register(heartRoutes, { prefix: '/api/hearts' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api/admin/audit' });
  await app.register(spa);
  return app;
}
