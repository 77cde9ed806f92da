import { AdminShowItem, CreateShowItemBody, ErrorBody, showMessages, UpdateShowItemBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { addShowItem, editShowItem, listInventory } from './show-items';

const ItemParams = z.object({ id: z.uuid(showMessages.itemNotFound) });

/** Admin: the inventory, new items appended to a show's lineup (the Add Show Item form), and edits. */
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

  // 409: a new price for an item already sold.
  app.patch(
    '/:id',
    {
      config: { audit: { action: 'show.edit_item', target: 'show_item' } },
      schema: { params: ItemParams, body: UpdateShowItemBody, response: { 200: AdminShowItem, 409: ErrorBody } },
    },
    async (request) => editShowItem(app.deps, request.params.id, request.body),
  );
};

export default showItems;
