import { AdminShowItem, CreateShowItemBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { addShowItem, listInventory } from './show-items';

/** Admin: the inventory, and new items appended to a show's lineup (the Add Show Item form). */
const showItems: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { response: { 200: z.array(AdminShowItem) } } }, async () => listInventory(app.deps));

  // Recorded against the show it joins (the body's showId); the new item's id is the record's resultId.
  app.post(
    '/',
    {
      config: { audit: { action: 'show.add_item', target: 'show' } },
      schema: { body: CreateShowItemBody, response: { 201: AdminShowItem } },
    },
    async (request, reply) => reply.status(201).send(await addShowItem(app.deps, request.body)),
  );
};

export default showItems;
