import {
  ErrorBody,
  PushPreferences,
  PushPublicKey,
  SubscribePushBody,
  UnsubscribePushBody,
  UpdatePushPreferencesBody,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { preferences, publicKey, setPreferences, subscribe, unsubscribe } from './push';

/**
 * Each subscribe is a row and a transaction: a member turns push on in a browser now and then, a
 * script would do it in a loop. Per address, as other member writes are.
 */
const SUBSCRIBE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** The VAPID public key: anyone may read it (the page asks before the member has decided anything). */
const publicKeyRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/public-key', { schema: { response: { 200: PushPublicKey, 503: ErrorBody } } }, async () =>
    publicKey(app.deps),
  );
};

/** A member's browsers that receive pushes, and which kinds they want. */
const memberPush: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  // 400 push_service_refused: the endpoint is not a push service this install sends to.
  app.post(
    '/subscriptions',
    {
      config: SUBSCRIBE_LIMIT,
      schema: { body: SubscribePushBody, response: { 201: PushPreferences, 400: ErrorBody, 503: ErrorBody } },
    },
    async (request, reply) => {
      const answer = await subscribe(app.deps, requireUser(request).id, request.body, request.headers['user-agent']);
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        body: UnsubscribePushBody,
        response: {
          204: { description: 'This browser receives no more pushes (also when it never did).', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      await unsubscribe(app.deps, requireUser(request).id, request.body.endpoint);
      return reply.code(204).send();
    },
  );

  app.get('/preferences', { schema: { response: { 200: PushPreferences } } }, async (request) =>
    preferences(app.deps, requireUser(request).id),
  );

  app.put(
    '/preferences',
    { schema: { body: UpdatePushPreferencesBody, response: { 200: PushPreferences } } },
    async (request) => setPreferences(app.deps, requireUser(request).id, request.body.kinds),
  );
};

/** Web Push: the key browsers subscribe with, their subscriptions and the member's switches. */
const push: FastifyPluginAsync = async (app) => {
  await app.register(publicKeyRoute);
  await app.register(memberPush);
};

export default push;
