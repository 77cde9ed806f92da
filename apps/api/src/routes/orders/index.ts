import { OrderList } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../lib/current-user';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { listMemberPurchases } from '../../services/purchases';

/** The member's orders (SPEC §3 order view): one per purchase, newest first. */
const orders: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  app.get('/', { schema: { response: { 200: OrderList } } }, async (request) => {
    const rows = await listMemberPurchases(app.db, requireUser(request).id);
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      productTitle: row.title,
      quantity: 1,
      totalAmount: row.amount,
      shippingAddress: row.shippingAddress,
    }));
  });
};

export default orders;
