import { AdminShow, CreateShowBody, ScheduleShowBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { loadAdminShow, toAdminShow, unwrap } from '../../services/shows';

/** Admin: shows with their lineups; create; schedule (SPEC §7). */
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
        params: z.object({ showId: z.uuid('Show not found') }),
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
};

export default shows;
