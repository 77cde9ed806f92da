import {
  ErrorBody,
  LineupEligibility,
  MessageResponse,
  ShowIdBody,
  ShowStateView,
  showMessages,
  WatchersView,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sendJson, type ZodTypeProvider } from '../platform/zod-provider';
import { pauseLiveShow, runShowCommand } from '../shows';

/** The live show: its state for members (the show screen polls it every second) and the admin's controls. */
const show: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { store } = app.shows;

  const { judge } = app.eligibility;
  const { itemMember } = app.memberEligibility;
  const { reactions } = app.presses;
  // Served from the in-memory snapshot, behind a session check that the session cache answers:
  // no database query per poll, and the JSON serialised once per change of the show (a string
  // with a JSON content type is sent as it is). The current item carries the asking member's
  // eligibility, judged from memory (their facts are loaded once, on their first view).
  app.get(
    '/state',
    { preValidation: app.requireSession, schema: { response: { 200: ShowStateView } } },
    async (request, reply) => {
      const now = Date.now();
      const item = store.view(now).currentItem;
      if (!item) return sendJson(reply, store.json(now));
      const userId = request.session.get('userId') ?? '';
      // The first answer carrying this item to this member is when its reveal reached them by poll
      // (a map lookup, no await; the map starts over with each item): their reaction times count from it.
      reactions.polled(userId, item.id, now);
      const verdict = judge.judgeHeld(userId, item) ?? (await judge.judge(userId, item));
      // A draw item: the member's own entry number, which the shared view cannot carry.
      const own = item.draw ? app.draws.ownEntry(item.draw.id, userId) : null;
      const entryNumber = own instanceof Promise ? await own : own;
      return sendJson(reply, store.json(now, itemMember(verdict), entryNumber));
    },
  );

  // The member's verdict for every item of the lineup and every test product (the lineup preview
  // marks what they cannot buy); the socket brings the same as `show:eligibility`.
  app.get(
    '/eligibility',
    { preValidation: app.requireSession, schema: { response: { 200: LineupEligibility } } },
    async (request) => app.memberEligibility.lineup(request.session.get('userId') ?? ''),
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
