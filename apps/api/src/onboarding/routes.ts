import { ErrorBody, OnboardingProfileBody, UserResponse } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { saveOnboardingProfile } from './service';

/** The onboarding information step (step 2): the member's profile, shipping address and date of birth. */
const onboarding: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  // 400 also for a member under the minimum age; 409 for a changed date of birth after a purchase.
  app.post(
    '/complete',
    { schema: { body: OnboardingProfileBody, response: { 200: UserResponse, 409: ErrorBody } } },
    async (request) => ({ user: await saveOnboardingProfile(app.deps, requireUser(request).id, request.body) }),
  );
};

export default onboarding;
