import {
  AdminTestProduct,
  AdminTestProductList,
  CreateTestProductBody,
  ErrorBody,
  MessageResponse,
  testProductMessages,
  UpdateTestProductBody,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { createTestProduct, deleteTestProduct, listTestProductsForAdmin, updateTestProduct } from './admin';

const Params = z.object({ productId: z.uuid(testProductMessages.notFound) });
const audit = (verb: 'create' | 'update' | 'delete') => ({
  audit: { action: `test_product.${verb}`, target: 'test_product' },
});

/** Admin: the $1 test products members see in the test product grid: list, add, edit, delete. */
const testProductsAdmin: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { response: { 200: AdminTestProductList } } }, async () => listTestProductsForAdmin(app.deps));

  app.post(
    '/',
    { config: audit('create'), schema: { body: CreateTestProductBody, response: { 201: AdminTestProduct } } },
    async (request, reply) => reply.status(201).send(await createTestProduct(app.deps, request.body)),
  );

  app.patch(
    '/:productId',
    {
      config: audit('update'),
      schema: { params: Params, body: UpdateTestProductBody, response: { 200: AdminTestProduct, 409: ErrorBody } },
    },
    async (request) => updateTestProduct(app.deps, request.params.productId, request.body),
  );

  app.delete(
    '/:productId',
    { config: audit('delete'), schema: { params: Params, response: { 200: MessageResponse, 409: ErrorBody } } },
    async (request) => deleteTestProduct(app.deps, request.params.productId),
  );
};

export default testProductsAdmin;
