import { ErrorBody, ProfileResponse, ProfileUpdateBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { readProfile, saveProfile } from './service';

/** The member's own profile (the Profile tab). Email cannot be changed here: the form shows it read-only. */
const profile: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.get('/', { schema: { response: { 200: ProfileResponse } } }, async (request) =>
    readProfile(app.deps, requireUser(request)),
  );

  // 409: a changed date of birth after the member's first purchase (an admin corrects it).
  app.put(
    '/',
    { schema: { body: ProfileUpdateBody, response: { 200: ProfileResponse, 409: ErrorBody } } },
    async (request) => saveProfile(app.deps, requireUser(request).id, request.body),
  );
};

export default profile;
