import { PurchaseList } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../lib/current-user';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { listMemberPurchases } from '../../services/purchases';

/** The member's purchase history, newest first. */
const purchases: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  app.get('/', { schema: { response: { 200: PurchaseList } } }, async (request) => {
    const rows = await listMemberPurchases(app.db, requireUser(request).id);
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
