import { OpaqueDataBody, PaymentConfigResponse, PreauthResponse } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../lib/current-user';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { preauthorize } from '../../services/payment-methods';

/** Step 3 of onboarding: pre-authorise the member's card (SPEC §7 POST /api/payment/preauth). */
const payment: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  app.get('/config', { schema: { response: { 200: PaymentConfigResponse } } }, async () => app.payments.browserConfig);

  app.post('/preauth', { schema: { body: OpaqueDataBody, response: { 200: PreauthResponse } } }, async (request) => {
    const user = requireUser(request);
    return preauthorize(app.deps, user, request.body, app.cardGuard.attempt(request, user.id));
  });
};

export default payment;
