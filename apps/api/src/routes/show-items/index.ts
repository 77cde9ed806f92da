import { AdminShowItem, CreateShowItemBody, showMessages } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { toAdminItem } from '../../services/shows';

/** Admin: the inventory, and new items appended to a show's lineup (SPEC §5 show item form). */
const showItems: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.requireAdmin);

  app.get('/', { schema: { response: { 200: z.array(AdminShowItem) } } }, async () => {
    const items = await app.db.selectFrom('showItems').selectAll().orderBy('createdAt', 'desc').execute();
    return items.map(toAdminItem);
  });

  app.post('/', { schema: { body: CreateShowItemBody, response: { 201: AdminShowItem } } }, async (request, reply) => {
    const body = request.body;
    const item = await app.db.transaction().execute(async (trx) => {
      const show = await trx
        .selectFrom('shows')
        .select(['id', 'kind', 'step'])
        .where('id', '=', body.showId)
        .forUpdate()
        .executeTakeFirst();
      if (!show) throw new AppError(400, 'invalid', showMessages.showRequired);
      const next = await trx
        .selectFrom('showItems')
        .select(sql<number>`coalesce(max(order_index) + 1, 0)::int`.as('n'))
        .where('showId', '=', show.id)
        .executeTakeFirstOrThrow();
      return trx
        .insertInto('showItems')
        .values({
          showId: show.id,
          title: body.title,
          description: body.description ?? null,
          price: body.price,
          mainVideoUrl: body.mainVideoUrl ?? null,
          imageUrls: body.imageUrls,
          category: body.category ?? null,
          bladeType: body.bladeType ?? null,
          steelType: body.steelType ?? null,
          blade: body.blade ?? null,
          handlesSpec: body.handlesSpec ?? null,
          hardwareSpec: body.hardwareSpec ?? null,
          clipSpec: body.clipSpec ?? null,
          breakerSpec: body.breakerSpec ?? null,
          orderIndex: next.n,
          // Test products are for sale at once; live items wait for their turn in the show.
          status: show.kind === 'test_products' ? 'available' : 'queued',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    // The lineup members see may have grown.
    await app.shows.driver.notify(item.showId);
    return reply.status(201).send(toAdminItem(item));
  });
};

export default showItems;
