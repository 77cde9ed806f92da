import {
  AdminPurchaseList,
  AdminShow,
  CreateShowBody,
  ScheduleShowBody,
  showMessages,
  UpdateShowBody,
} from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { showPurchases } from '../purchases';
import { createShow, listAdminShows, scheduleShow, updateShow } from './shows';

const ShowParams = z.object({ showId: z.uuid(showMessages.notFound) });

/** An edit that only moves the lineup is a reorder in the audit log (the lineup editor sends just that). */
const reorderOrUpdate = (request: FastifyRequest) => {
  const { lineup, ...rest } = request.body as UpdateShowBody;
  return lineup && Object.values(rest).every((v) => v === undefined) ? 'show.reorder' : 'show.update';
};

/** Admin: shows with their lineups; create; edit and reorder; schedule (the show manager); who bought what. */
const shows: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { response: { 200: z.array(AdminShow) } } }, async () => listAdminShows(app.deps));

  app.post(
    '/',
    {
      config: { audit: { action: 'show.create', target: 'show' } },
      schema: { body: CreateShowBody, response: { 201: AdminShow } },
    },
    async (request, reply) => reply.status(201).send(await createShow(app.deps, request.body)),
  );

  app.patch(
    '/:showId/schedule',
    {
      config: { audit: { action: 'show.schedule', target: 'show' } },
      schema: { params: ShowParams, body: ScheduleShowBody, response: { 200: AdminShow } },
    },
    async (request) => scheduleShow(app.deps, request.params.showId, request.body),
  );

  app.patch(
    '/:showId',
    {
      config: { audit: { action: 'show.update', target: 'show', actionOf: reorderOrUpdate } },
      schema: { params: ShowParams, body: UpdateShowBody, response: { 200: AdminShow } },
    },
    async (request) => updateShow(app.deps, request.params.showId, request.body),
  );

  app.get(
    '/:showId/purchases',
    { schema: { params: ShowParams, response: { 200: AdminPurchaseList } } },
    async (request) => showPurchases(app.deps, request.params.showId),
  );
};

export default shows;
