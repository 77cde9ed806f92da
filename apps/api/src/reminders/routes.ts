import {
  ErrorBody,
  ReminderParams,
  ReminderView,
  UnsubscribeBody,
  UnsubscribeQuery,
  UnsubscribeResult,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { reminderView, showCalendar, subscribe, unsubscribe, unsubscribeByToken } from './reminders';

/**
 * Mail providers POST one-click unsubscribes from their own servers, so one address speaks for
 * many members: generous, it only bounds the load (a token is 192 random bits, not guessable).
 */
const UNSUBSCRIBE_LIMIT = { rateLimit: { max: 120, timeWindow: 60_000 } };

/**
 * The emailed unsubscribe link, in a plugin of its own: the only place form bodies are parsed
 * (RFC 8058's `List-Unsubscribe=One-Click`; multipart is allowed by the RFC too and ignored: the
 * token in the URL is all that counts). Everywhere else the app refuses form bodies on purpose.
 */
const oneClickUnsubscribe: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.post(
    '/unsubscribe',
    {
      config: UNSUBSCRIBE_LIMIT,
      schema: { querystring: UnsubscribeQuery, body: UnsubscribeBody, response: { 200: UnsubscribeResult } },
    },
    async (request) => unsubscribeByToken(app.deps, request.query.token),
  );
};

/** A member's own reminder for a show, and the show's calendar file. */
const memberReminders: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);
  const params = { params: ReminderParams };

  app.get('/:showId', { schema: { ...params, response: { 200: ReminderView } } }, async (request) =>
    reminderView(app.deps, requireUser(request).id, request.params.showId),
  );

  // 409: the show is not scheduled to launch later (memberMessages.reminderNotAllowed).
  app.put('/:showId', { schema: { ...params, response: { 200: ReminderView, 409: ErrorBody } } }, async (request) =>
    subscribe(app.deps, requireUser(request).id, request.params.showId),
  );

  app.delete('/:showId', { schema: { ...params, response: { 200: ReminderView } } }, async (request) =>
    unsubscribe(app.deps, requireUser(request).id, request.params.showId),
  );

  app.get(
    '/:showId/calendar.ics',
    {
      schema: {
        ...params,
        response: {
          200: {
            description: 'An iCalendar (RFC 5545) file with the launch as an event and an alarm before it.',
            content: { 'text/calendar': { schema: { type: 'string' } } },
          },
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { filename, ics } = await showCalendar(app.deps, request.params.showId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(ics);
    },
  );
};

/** "Notify me" and "Add to calendar" on the countdown card before a show opens. */
const reminders: FastifyPluginAsync = async (app) => {
  await app.register(oneClickUnsubscribe);
  await app.register(memberReminders);
};

export default reminders;
