import { TestProductList } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { testProducts } from '../shows';

/** GET /api/test-products: the $1 products still for sale, oldest first (the test product grid). */
const testProductRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/', { preValidation: app.requireSession, schema: { response: { 200: TestProductList } } }, async () =>
    testProducts(app.deps),
  );
};

export default testProductRoutes;
