import {
  AdminDateOfBirthBody,
  AdminMemberEligibility,
  AdminMemberSearchQuery,
  AdminMemberSummaryList,
  adminMemberMessages,
} from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { correctDateOfBirth, dateOfBirthBefore, memberEligibility, searchMembers } from './members';

const Params = z.object({ id: z.uuid(adminMemberMessages.notFound) });

/**
 * Admin: find a member by email, see what their eligibility is judged on, and correct their date
 * of birth (which they cannot change themselves once they bought).
 */
const adminMembers: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get(
    '/',
    { schema: { querystring: AdminMemberSearchQuery, response: { 200: AdminMemberSummaryList } } },
    async (request) => searchMembers(app.deps, request.query.email),
  );

  app.get(
    '/:id/eligibility',
    { schema: { params: Params, response: { 200: AdminMemberEligibility } } },
    async (request) => memberEligibility(app.deps, request.params.id),
  );

  // The record keeps the date it replaced (details.before) beside the new one (details.body).
  const previous = (request: FastifyRequest) => dateOfBirthBefore(app.deps, (request.params as { id: string }).id);
  app.put(
    '/:id/date-of-birth',
    {
      config: { audit: { action: 'member.date_of_birth_correct', target: 'user', before: previous } },
      schema: { params: Params, body: AdminDateOfBirthBody, response: { 200: AdminMemberEligibility } },
    },
    async (request) => correctDateOfBirth(app.deps, request.params.id, request.body.dateOfBirth),
  );
};

export default adminMembers;
