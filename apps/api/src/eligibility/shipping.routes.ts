import { ClassShippingBody, ClassShippingList, ClassShippingView, LegalClass } from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { listClassShipping, setClassShipping } from './shipping';

const Params = z.object({ legalClass: LegalClass });

/** The class is the target: it is in no `id` parameter, and the answer has no `id`. */
const classOf = (request: FastifyRequest) => (request.params as { legalClass?: string }).legalClass;

/** Admin: which carriers may take each legal class, and above what value a parcel needs an adult's signature. */
const legalClasses: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { response: { 200: ClassShippingList } } }, async () => listClassShipping(app.deps));

  app.put(
    '/:legalClass',
    {
      config: { audit: { action: 'eligibility.shipping_update', target: 'legal_class', targetIdOf: classOf } },
      schema: { params: Params, body: ClassShippingBody, response: { 200: ClassShippingView } },
    },
    async (request) => setClassShipping(app.deps, request.params.legalClass, request.body),
  );
};

export default legalClasses;
