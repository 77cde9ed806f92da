import { fullNameOf, ProfileResponse, ProfileUpdateBody } from '@vault/contracts';
import type { User } from '@vault/db';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../lib/current-user';
import type { ZodTypeProvider } from '../../lib/zod-provider';

function toProfile(user: User): ProfileResponse {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    email: user.email,
    address: user.address,
    city: user.city,
    state: user.state,
    zip: user.zip,
    country: user.country,
    phoneNumber: user.phoneNumber,
    skillLevel: user.skillLevel,
    role: user.role,
  };
}

/** The member's own profile. Email cannot be changed here (SPEC §2). */
const profile: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  app.get('/', { schema: { response: { 200: ProfileResponse } } }, async (request) => toProfile(requireUser(request)));

  app.put('/', { schema: { body: ProfileUpdateBody, response: { 200: ProfileResponse } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body;
    const updated = await app.db
      .updateTable('users')
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        fullName: fullNameOf(body.firstName, body.lastName),
        address: body.address,
        city: body.city,
        state: body.state,
        zip: body.zip,
        country: body.country,
        phoneNumber: body.phoneNumber ?? null,
        updatedAt: new Date(),
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProfile(updated);
  });
};

export default profile;
