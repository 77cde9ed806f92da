import { ErrorBody, MessageResponse, ShowIdBody, ShowStateView, showMessages, WatchersView } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sendJson, type ZodTypeProvider } from '../platform/zod-provider';
import { pauseLiveShow, runShowCommand } from '../shows';

/** The live show: its state for members (the show screen polls it every second) and the admin's controls. */
const show: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { store } = app.shows;

  // Served from the in-memory snapshot, behind a session check that the session cache answers:
  // no database query per poll, and the JSON serialised once per change of the show (a string
  // with a JSON content type is sent as it is).
  app.get(
    '/state',
    { preValidation: app.requireSession, schema: { response: { 200: ShowStateView } } },
    async (_request, reply) => sendJson(reply, store.json(Date.now())),
  );

  app.get('/watchers', { preValidation: app.requireAdmin, schema: { response: { 200: WatchersView } } }, async () => ({
    count: await app.watchers(),
  }));

  app.post(
    '/start',
    {
      preValidation: app.requireAdmin,
      config: { audit: { action: 'show.start', target: 'show' } },
      schema: { body: ShowIdBody, response: { 200: MessageResponse, 409: ErrorBody } },
    },
    async (request) => {
      await runShowCommand(app.deps, request.body.showId, 'start');
      return { message: showMessages.started };
    },
  );

  app.post(
    '/pause',
    {
      preValidation: app.requireAdmin,
      // Pause names no show: it acts on the live one, which this instance's snapshot holds once the command ran.
      config: { audit: { action: 'show.pause', target: 'show', targetIdOf: () => store.view(Date.now()).show?.id } },
      schema: { response: { 200: MessageResponse, 409: ErrorBody } },
    },
    async () => {
      await pauseLiveShow(app.deps);
      return { message: showMessages.paused };
    },
  );

  app.post(
    '/reset',
    {
      preValidation: app.requireAdmin,
      config: { audit: { action: 'show.reset', target: 'show' } },
      schema: { body: ShowIdBody, response: { 200: MessageResponse, 409: ErrorBody } },
    },
    async (request) => {
      await runShowCommand(app.deps, request.body.showId, 'reset');
      return { message: showMessages.reset };
    },
  );
};

export default show;
