import { OpaqueDataBody, PaymentConfigResponse, PreauthResponse, paymentMessages } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../lib/current-user';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { addPaymentMethod, toPaymentMethodView } from '../../services/payment-methods';

/** Step 3 of onboarding: pre-authorise the member's card (SPEC §7 POST /api/payment/preauth). */
const payment: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  app.get('/config', { schema: { response: { 200: PaymentConfigResponse } } }, async () => app.payments.browserConfig);

  app.post(
    '/preauth',
    { schema: { body: OpaqueDataBody, response: { 200: PreauthResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!user.address) throw new AppError(400, 'profile_first', paymentMessages.profileFirst);
      const attempt = app.cardGuard.attempt(request, reply, user.id);
      const method = await addPaymentMethod(app, user, request.body, attempt);
      return { paymentMethod: toPaymentMethodView(method), user: { onboardingCompleted: true } };
    },
  );
};

export default payment;
