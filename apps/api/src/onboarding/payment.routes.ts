import { ErrorBody, OpaqueDataBody, PaymentConfigResponse, PreauthResponse } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { preauthorize } from '../payments';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';

/** The onboarding card step (step 3): pre-authorise the member's card (POST /api/payment/preauth). */
const payment: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.get('/config', { schema: { response: { 200: PaymentConfigResponse } } }, async () => app.payments.browserConfig);

  // 429: the card guard's limits (payments/card-guard.ts).
  const schema = {
    body: OpaqueDataBody,
    response: { 200: PreauthResponse, 402: ErrorBody, 429: ErrorBody, 502: ErrorBody },
  };
  app.post('/preauth', { schema }, async (request) => {
    const user = requireUser(request);
    return preauthorize(app.deps, user, request.body, app.cardGuard.attempt(request, user.id));
  });
};

export default payment;
