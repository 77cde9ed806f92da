import {
  ErrorBody,
  MemberAttestationList,
  MemberAttestationView,
  OfferedAttestationKindList,
  RecordAttestationBody,
} from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SIGNED_OUT } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { offeredKinds, ownAttestations, recordAttestation } from './attestations';

/**
 * Per address, counted before the body is read: a member records a handful of attestations in
 * their life, so this only bounds the writes a script could make; a household or a carrier's NAT
 * address shared by many members stays far below it.
 */
const RECORD_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** The member behind requireSession (which checks the session only and loads no user row). */
function memberId(request: FastifyRequest): string {
  const userId = request.session.get('userId');
  if (!userId) throw SIGNED_OUT;
  return userId;
}

/**
 * A member's attestations: the kinds the operator offers (with the statement to confirm), the
 * member's own record, and a new one. Any signed-in member may record one; onboarding is not asked
 * for, since an attestation says nothing about the address or the card.
 */
const attestations: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireSession);

  app.get('/attestation-kinds', { schema: { response: { 200: OfferedAttestationKindList } } }, async () =>
    offeredKinds(app.deps),
  );

  app.get('/attestations', { schema: { response: { 200: MemberAttestationList } } }, async (request) =>
    ownAttestations(app.deps, memberId(request)),
  );

  app.post(
    '/attestations',
    {
      config: RECORD_LIMIT,
      schema: { body: RecordAttestationBody, response: { 201: MemberAttestationView, 409: ErrorBody } },
    },
    async (request, reply) =>
      reply.status(201).send(await recordAttestation(app.deps, memberId(request), request.body.kind)),
  );
};

export default attestations;
