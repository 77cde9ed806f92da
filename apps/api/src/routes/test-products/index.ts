import { TestProductList } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from '../../lib/zod-provider';

/** GET /api/test-products: the $1 products still for sale, oldest first (SPEC §2 test product grid). */
const testProducts: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/', { preValidation: app.requireSession, schema: { response: { 200: TestProductList } } }, async () =>
    app.db
      .selectFrom('showItems')
      .innerJoin('shows', 'shows.id', 'showItems.showId')
      .select([
        'showItems.id',
        'showItems.title',
        'showItems.description',
        'showItems.price',
        'showItems.category',
        'showItems.bladeType',
        'showItems.imageUrls',
      ])
      .where('shows.kind', '=', 'test_products')
      .where('showItems.status', '=', 'available')
      .orderBy('showItems.orderIndex')
      .orderBy('showItems.createdAt')
      .execute(),
  );
};

export default testProducts;
