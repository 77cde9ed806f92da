import { OnboardingProfileBody, UserResponse } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { completeOnboarding } from '../auth';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';

/** The onboarding information step (step 2): the member's profile and shipping address. */
const onboarding: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.post(
    '/complete',
    { schema: { body: OnboardingProfileBody, response: { 200: UserResponse } } },
    async (request) => ({ user: await completeOnboarding(app.deps, requireUser(request), request.body) }),
  );
};

export default onboarding;
