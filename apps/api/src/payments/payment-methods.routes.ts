import {
  ErrorBody,
  MessageResponse,
  OpaqueDataBody,
  PaymentMethodList,
  PaymentMethodView,
  paymentMessages,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { addPaymentMethod, listPaymentMethods, removePaymentMethod } from './payment-methods';

const paymentMethods: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.get('/', { schema: { response: { 200: PaymentMethodList } } }, async (request) =>
    listPaymentMethods(app.deps, requireUser(request).id),
  );

  // 429: the card guard's limits (payments/card-guard.ts).
  const schema = {
    body: OpaqueDataBody,
    response: { 201: PaymentMethodView, 402: ErrorBody, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody },
  };
  app.post('/', { schema }, async (request, reply) => {
    const user = requireUser(request);
    const method = await addPaymentMethod(app.deps, user, request.body, app.cardGuard.attempt(request, user.id));
    return reply.status(201).send(method);
  });

  app.delete(
    '/:id',
    {
      schema: { params: z.object({ id: z.uuid(paymentMessages.methodNotFound) }), response: { 200: MessageResponse } },
    },
    async (request) => {
      await removePaymentMethod(app.deps, requireUser(request).id, request.params.id);
      return { message: paymentMessages.methodRemoved };
    },
  );
};

export default paymentMethods;
