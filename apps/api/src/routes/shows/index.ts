import { AdminPurchaseList, AdminShow, CreateShowBody, ScheduleShowBody, UpdateShowBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { listShowPurchases } from '../../services/admin-purchases';
import { loadAdminShow, toAdminShow, unwrap, updateShow } from '../../services/shows';

const ShowParams = z.object({ showId: z.uuid('Show not found') });

/** Admin: shows with their lineups; create; edit and reorder; schedule (SPEC §7); who bought what. */
const shows: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.requireAdmin);

  app.get('/', { schema: { response: { 200: z.array(AdminShow) } } }, async () => {
    const rows = await app.db
      .selectFrom('shows')
      .selectAll()
      .where('kind', '=', 'live')
      .orderBy('createdAt', 'desc')
      .execute();
    const items = rows.length
      ? await app.db
          .selectFrom('showItems')
          .selectAll()
          .where(
            'showId',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('orderIndex')
          .orderBy('createdAt')
          .execute()
      : [];
    return rows.map((show) =>
      toAdminShow(
        show,
        items.filter((i) => i.showId === show.id),
      ),
    );
  });

  app.post('/', { schema: { body: CreateShowBody, response: { 201: AdminShow } } }, async (request, reply) => {
    const body = request.body;
    const show = await app.db
      .insertInto('shows')
      .values({
        title: body.title,
        description: body.description ?? null,
        perKnifeSeconds: body.perKnifeSeconds,
        intermissionSeconds: body.intermissionSeconds,
        prerollSeconds: body.prerollSeconds,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.status(201).send(toAdminShow(show, []));
  });

  app.patch(
    '/:showId/schedule',
    {
      schema: {
        params: ShowParams,
        body: ScheduleShowBody,
        response: { 200: AdminShow },
      },
    },
    async (request) => {
      const { launchTime, status } = request.body;
      unwrap(
        await app.shows.driver.command(request.params.showId, {
          type: 'schedule',
          launchTime: Date.parse(launchTime),
          status,
        }),
      );
      return loadAdminShow(app.db, request.params.showId);
    },
  );

  app.patch(
    '/:showId',
    { schema: { params: ShowParams, body: UpdateShowBody, response: { 200: AdminShow } } },
    async (request) => {
      const show = await updateShow(app.db, request.params.showId, request.body);
      // The show screen lists the lineup: every instance refreshes what it shows.
      await app.shows.driver.notify(show.id);
      return show;
    },
  );

  app.get(
    '/:showId/purchases',
    { schema: { params: ShowParams, response: { 200: AdminPurchaseList } } },
    async (request) => {
      await loadAdminShow(app.db, request.params.showId);
      return listShowPurchases(app.db, request.params.showId);
    },
  );
};

export default shows;
