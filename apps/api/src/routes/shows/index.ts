import {
  AdminPurchaseList,
  AdminShow,
  CreateShowBody,
  ScheduleShowBody,
  showMessages,
  UpdateShowBody,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../../lib/route-access';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { showPurchases } from '../../services/purchases';
import { createShow, listAdminShows, scheduleShow, updateShow } from '../../services/shows';

const ShowParams = z.object({ showId: z.uuid(showMessages.notFound) });

/** Admin: shows with their lineups; create; edit and reorder; schedule (SPEC §7); who bought what. */
const shows: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { response: { 200: z.array(AdminShow) } } }, async () => listAdminShows(app.deps));

  app.post('/', { schema: { body: CreateShowBody, response: { 201: AdminShow } } }, async (request, reply) =>
    reply.status(201).send(await createShow(app.deps, request.body)),
  );

  app.patch(
    '/:showId/schedule',
    { schema: { params: ShowParams, body: ScheduleShowBody, response: { 200: AdminShow } } },
    async (request) => scheduleShow(app.deps, request.params.showId, request.body),
  );

  app.patch(
    '/:showId',
    { schema: { params: ShowParams, body: UpdateShowBody, response: { 200: AdminShow } } },
    async (request) => updateShow(app.deps, request.params.showId, request.body),
  );

  app.get(
    '/:showId/purchases',
    { schema: { params: ShowParams, response: { 200: AdminPurchaseList } } },
    async (request) => showPurchases(app.deps, request.params.showId),
  );
};

export default shows;
