import {
  AdminDateOfBirthBody,
  AdminMemberSearchQuery,
  AdminMemberSummaryList,
  AdminMemberView,
  adminMemberMessages,
  BuyingSuspensionBody,
  memberAuditActions,
} from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import {
  correctDateOfBirth,
  dateOfBirthBefore,
  memberEligibility,
  searchMembers,
  setMemberBuyingSuspension,
} from './members';

const Params = z.object({ id: z.uuid(adminMemberMessages.notFound) });

/**
 * Admin: find a member by email, see what their eligibility is judged on, correct their date
 * of birth (which they cannot change themselves once they bought), and suspend or restore their
 * buying (a member pressing faster than a person can, say).
 */
const adminMembers: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get(
    '/',
    { schema: { querystring: AdminMemberSearchQuery, response: { 200: AdminMemberSummaryList } } },
    async (request) => searchMembers(app.deps, request.query.email),
  );

  app.get('/:id/eligibility', { schema: { params: Params, response: { 200: AdminMemberView } } }, async (request) =>
    memberEligibility(app.deps, request.params.id),
  );

  // The record keeps the date it replaced (details.before) beside the new one (details.body).
  const previous = (request: FastifyRequest) => dateOfBirthBefore(app.deps, (request.params as { id: string }).id);
  app.put(
    '/:id/date-of-birth',
    {
      config: { audit: { action: memberAuditActions.correctDateOfBirth, target: 'user', before: previous } },
      schema: { params: Params, body: AdminDateOfBirthBody, response: { 200: AdminMemberView } },
    },
    async (request) => correctDateOfBirth(app.deps, request.params.id, request.body.dateOfBirth),
  );

  // Buy refuses a suspended member on every replica at once (eligibility/members-suspensions.ts);
  // the record keeps the reason (details.body).
  const suspensionDeps = { ...app.deps, suspensions: app.buyingSuspensions };
  app.post(
    '/:id/buying-suspension',
    {
      config: { audit: { action: memberAuditActions.suspendBuying, target: 'user' } },
      schema: { params: Params, body: BuyingSuspensionBody, response: { 200: AdminMemberView } },
    },
    async (request) => setMemberBuyingSuspension(suspensionDeps, request.params.id, request.body.reason),
  );

  app.delete(
    '/:id/buying-suspension',
    {
      config: { audit: { action: memberAuditActions.liftBuyingSuspension, target: 'user' } },
      schema: { params: Params, response: { 200: AdminMemberView } },
    },
    async (request) => setMemberBuyingSuspension(suspensionDeps, request.params.id, null),
  );
};

export default adminMembers;
