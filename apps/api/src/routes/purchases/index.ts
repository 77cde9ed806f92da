import { PurchaseList } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../lib/current-user';
import type { ZodTypeProvider } from '../../lib/zod-provider';

/** The member's purchase history, newest first. */
const purchases: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  app.get('/', { schema: { response: { 200: PurchaseList } } }, async (request) => {
    const rows = await app.db
      .selectFrom('purchases')
      .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
      .select([
        'purchases.id',
        'purchases.showItemId',
        'purchases.amount',
        'purchases.status',
        'purchases.createdAt',
        'showItems.title',
      ])
      .where('purchases.userId', '=', requireUser(request).id)
      .orderBy('purchases.createdAt', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      showItemId: row.showItemId,
      itemTitle: row.title,
      amount: row.amount,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    }));
  });
};

export default purchases;
