import { ProfileResponse, ProfileUpdateBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { toProfile, updateProfile } from '../auth';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';

/** The member's own profile (the Profile tab). Email cannot be changed here: the form shows it read-only. */
const profile: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.get('/', { schema: { response: { 200: ProfileResponse } } }, async (request) => toProfile(requireUser(request)));

  app.put('/', { schema: { body: ProfileUpdateBody, response: { 200: ProfileResponse } } }, async (request) =>
    updateProfile(app.deps, requireUser(request).id, request.body),
  );
};

export default profile;
