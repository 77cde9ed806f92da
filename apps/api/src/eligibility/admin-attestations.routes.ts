import {
  ATTESTATION_CODE,
  AttestationKindBody,
  AttestationKindList,
  AttestationKindUpdateBody,
  AttestationKindView,
  attestationMessages,
  ErrorBody,
  MemberAttestationView,
  RevokeAttestationBody,
} from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { createKind, editKind, listKinds, revoke } from './attestations';

const KindParams = z.object({ code: z.string().regex(ATTESTATION_CODE, attestationMessages.kindNotFound) });
const AttestationParams = z.object({ id: z.uuid(attestationMessages.notFound) });

/** A kind is named by its code, which is in neither an `id` parameter nor an `id` in the answer. */
const kindCode = (request: FastifyRequest) =>
  (request.params as { code?: string }).code ?? (request.body as { code?: string } | undefined)?.code;
const kindAudit = (verb: 'create' | 'update') => ({
  audit: { action: `eligibility.attestation_kind_${verb}`, target: 'attestation_kind', targetIdOf: kindCode },
});

/**
 * Admin: the attestation kinds the operator offers members (list, add, relabel, deactivate), and
 * revoking a member's attestation. A kind is never deleted: members' attestations refer to it.
 */
const adminAttestations: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/attestation-kinds', { schema: { response: { 200: AttestationKindList } } }, async () =>
    listKinds(app.deps),
  );

  app.post(
    '/attestation-kinds',
    {
      config: kindAudit('create'),
      schema: { body: AttestationKindBody, response: { 201: AttestationKindView, 409: ErrorBody } },
    },
    async (request, reply) => reply.status(201).send(await createKind(app.deps, request.body)),
  );

  app.patch(
    '/attestation-kinds/:code',
    {
      config: kindAudit('update'),
      schema: { params: KindParams, body: AttestationKindUpdateBody, response: { 200: AttestationKindView } },
    },
    async (request) => editKind(app.deps, request.params.code, request.body),
  );

  app.post(
    '/attestations/:id/revoke',
    {
      config: { audit: { action: 'eligibility.attestation_revoke', target: 'member_attestation' } },
      schema: {
        params: AttestationParams,
        body: RevokeAttestationBody,
        response: { 200: MemberAttestationView, 409: ErrorBody },
      },
    },
    async (request) => revoke(app.deps, request.params.id, requireUser(request).id, request.body.reason),
  );
};

export default adminAttestations;
