import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import type { DestinationStream } from 'pino';
import { audit } from './audit/plugin';
import auditRoutes from './audit/routes';
import { findUserById } from './auth';
import externalAuthRoutes from './auth/external.routes';
import authRoutes from './auth/routes';
import type { AppDeps } from './core/config';
import { draws } from './draws';
import { eligibility } from './eligibility';
import adminAttestationRoutes from './eligibility/admin-attestations.routes';
import attestationRoutes from './eligibility/attestations.routes';
import adminMemberRoutes from './eligibility/members.routes';
import { buyingSuspensions } from './eligibility/members-suspensions';
import eligibilityRuleRoutes from './eligibility/rules.routes';
import eligibilitySettingsRoutes from './eligibility/settings.routes';
import legalClassRoutes from './eligibility/shipping.routes';
import { fulfillment } from './fulfillment/plugin';
import adminShipmentRoutes from './fulfillment/routes';
import fulfillmentSettingsRoutes from './fulfillment/settings.routes';
import heartRoutes from './hearts/routes';
import { showEngine } from './live-show/clock';
import { memberEligibility } from './live-show/member-eligibility';
import { realtime } from './live-show/realtime';
import showRoutes from './live-show/routes';
import { watcherSamples } from './live-show/watcher-samples';
import { notifications, ONE_CLICK_UNSUBSCRIBE_ROUTE, REMINDERS_PREFIX } from './notifications/plugin';
import paymentRoutes from './onboarding/payment.routes';
import onboardingRoutes from './onboarding/routes';
import paymentMethodRoutes from './payments/payment-methods.routes';
import { payments, SIMULATOR_GATEWAY_ROUTE } from './payments/plugin';
import { auth } from './platform/auth';
import { drain } from './platform/drain';
import { errorHandler } from './platform/error-handler';
import health from './platform/health';
import { infrastructure } from './platform/infrastructure';
import { serializeRequest } from './platform/log-serializers';
import { metrics } from './platform/metrics';
import { openapi } from './platform/openapi/plugin';
import { originCheck } from './platform/origin-check';
import { rateLimits } from './platform/rate-limit';
import { securityHeaders } from './platform/security-headers';
import { serviceDeps } from './platform/service-deps';
import { sessionPruning } from './platform/session/maintenance';
import { sessions } from './platform/session/plugin';
import { spa } from './platform/spa';
import { fastifyTrustProxy, type TrustProxy } from './platform/trust-proxy';
import { jsonSerializerCompiler, zodValidatorCompiler } from './platform/zod-provider';
import { presses } from './presses';
import profileRoutes from './profile/routes';
import adminPurchaseRoutes from './purchases/admin.routes';
import orderRoutes from './purchases/orders.routes';
import purchaseRoutes from './purchases/routes';
import pushRoutes from './push/routes';
import reminderRoutes from './reminders/routes';
import adminReturnRoutes from './returns/admin-returns.routes';
import { refunds } from './returns/plugin';
import adminRefundRoutes from './returns/refunds.routes';
import returnRoutes from './returns/returns.routes';
import { sales } from './sales/plugin';
import buyRoutes from './sales/routes';
import { socketBuy } from './sales/socket-buy';
import showReportRoutes from './show-report/routes';
import showsRoutes from './shows/routes';
import showItemRoutes from './shows/show-items.routes';
import testProductsAdminRoutes from './test-products/admin.routes';
import testProductRoutes from './test-products/routes';
import uploadRoutes from './uploads/routes';

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
    // A request that reaches a closing replica is served, not refused: see platform/drain.ts.
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
  await app.register(originCheck, {
    crossSiteRoutes: [
      // The payment simulator's gateway endpoint stands in for Authorize.Net: it is called
      // server-to-server (and by Accept.js from the browser) and never reads our cookies. The
      // exemption is safe only because that endpoint authenticates every request like the gateway
      // does — the secret transaction key for everything except securePaymentContainerRequest,
      // which takes the public client key and only turns card data into a single-use token — so a
      // cross-site request can do nothing a stranger without the key could not do anyway. Exactly
      // that route: the simulator's cookie-authenticated admin fault controls stay checked.
      SIMULATOR_GATEWAY_ROUTE,
      // The emailed one-click unsubscribe (RFC 8058): a mail provider POSTs it from its own
      // servers, with no Origin of ours. Safe to exempt because it reads no cookie and acts for no
      // session: its unguessable token (192 random bits, in the URL) is the whole authority, and
      // all it can do is end the one reminder subscription that token was emailed for.
      ONE_CLICK_UNSUBSCRIBE_ROUTE,
    ],
  });
  await app.register(sessions, { secret: deps.config.sessionSecret });
  await app.register(sessionPruning);
  await app.register(auth, { findUser: findUserById });
  // Before any route (the simulator's fault controls included): its onSend hook records admin actions.
  await app.register(audit);
  // Before any route: the OpenAPI document collects them as they are added (the simulator's too).
  await app.register(openapi);
  await app.register(payments);
  await app.register(showEngine);
  await app.register(notifications);
  // After every plugin a service uses, before every route: routes hand app.deps to services.
  await app.register(serviceDeps);
  // Before realtime: its push loop, pings and sockets tell the press recorder when each reveal went out.
  await app.register(presses);
  await app.register(realtime);
  await app.register(eligibility);
  await app.register(buyingSuspensions);
  // Before sales: a draw item's Buy enters its draw; the draw's close sells through the seller.
  await app.register(draws);
  await app.register(sales);
  await app.register(fulfillment);
  await app.register(refunds);
  await app.register(socketBuy);
  await app.register(memberEligibility);
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
  await app.register(returnRoutes, { prefix: '/api/returns' });
  await app.register(adminReturnRoutes, { prefix: '/api/admin/returns' });
  await app.register(adminRefundRoutes, { prefix: '/api/admin/purchases' });
  await app.register(showRoutes, { prefix: '/api/show' });
  await app.register(buyRoutes, { prefix: '/api/show' });
  await app.register(testProductRoutes, { prefix: '/api/test-products' });
  await app.register(testProductsAdminRoutes, { prefix: '/api/admin/test-products' });
  await app.register(showsRoutes, { prefix: '/api/shows' });
  await app.register(showReportRoutes, { prefix: '/api/shows' });
  await app.register(showItemRoutes, { prefix: '/api/show-items' });
  await app.register(reminderRoutes, { prefix: REMINDERS_PREFIX });
  await app.register(heartRoutes, { prefix: '/api/hearts' });
  await app.register(pushRoutes, { prefix: '/api/push' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api/admin/audit' });
  await app.register(eligibilitySettingsRoutes, { prefix: '/api/eligibility' });
  await app.register(attestationRoutes, { prefix: '/api' });
  await app.register(eligibilityRuleRoutes, { prefix: '/api/admin/eligibility-rules' });
  await app.register(adminAttestationRoutes, { prefix: '/api/admin' });
  await app.register(adminMemberRoutes, { prefix: '/api/admin/members' });
  await app.register(legalClassRoutes, { prefix: '/api/admin/legal-classes' });
  await app.register(adminShipmentRoutes, { prefix: '/api/admin/shipments' });
  await app.register(fulfillmentSettingsRoutes, { prefix: '/api/fulfillment' });
  await app.register(spa);
  return app;
}
