import { OnboardingProfileBody, splitFullName, UserResponse } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../lib/current-user';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { toCurrentUser } from '../../services/users';

/** Step 2 of onboarding: the member's profile and shipping address (SPEC §5 onboarding profile). */
const onboarding: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  app.post(
    '/complete',
    { schema: { body: OnboardingProfileBody, response: { 200: UserResponse } } },
    async (request) => {
      const user = requireUser(request);
      const profile = request.body;
      // Fills first and last name only where the account has none; each cut to its column.
      const derived = splitFullName(profile.fullName);
      const hasCard = Boolean(user.authNetPaymentProfileId);
      const updated = await app.db
        .updateTable('users')
        .set({
          fullName: profile.fullName,
          firstName: user.firstName ?? derived.firstName,
          lastName: user.lastName ?? derived.lastName,
          address: profile.address,
          city: profile.city,
          state: profile.state,
          zip: profile.zip,
          country: profile.country,
          phoneNumber: profile.phoneNumber ?? null,
          skillLevel: profile.skillLevel,
          // Complete once a card is saved too (SPEC §4); the card step usually comes after this one.
          onboardingCompleted: hasCard || user.onboardingCompleted,
          updatedAt: new Date(),
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user: toCurrentUser(updated) };
    },
  );
};

export default onboarding;
