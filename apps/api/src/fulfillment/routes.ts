import {
  AdminShipment,
  AdminShipmentList,
  ErrorBody,
  fulfillmentMessages,
  MergeBody,
  ShipBody,
  ShipmentListQuery,
  SplitBody,
} from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAdminAction } from '../audit';
import type { Db } from '../core/db';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import type { CaptureOutcome } from './capture';
import { type CaptureHooks, shipShipment } from './ship';
import { deliverShipment, getShipment, listShipments, mergeShipments, splitShipment } from './shipments';

const Params = z.object({ id: z.uuid(fulfillmentMessages.shipmentNotFound) });

/** What each capture came to, as the audit log's outcome status; an unknown one stays "outcome unknown". */
const OUTCOME_STATUS: Record<CaptureOutcome['kind'], number | null> = {
  captured: 200,
  refused: 502,
  voided: 409,
  'not-taken': 409,
  unknown: null,
};

/** One purchase.capture record per capture Mark shipped sends, beside the route's shipment.ship record. */
function auditedCaptures(db: Db, request: FastifyRequest): CaptureHooks {
  const admin = requireUser(request);
  const actor = { adminUserId: admin.id, adminEmail: admin.email, requestId: request.id };
  return {
    async capturing(item) {
      const settled = await recordAdminAction(db, actor, {
        action: 'purchase.capture',
        targetType: 'purchase',
        targetId: item.id,
        details: { shipmentId: item.shipmentId, amount: item.amount, via: 'shipment.ship' },
      });
      return async (outcome) => {
        const status = OUTCOME_STATUS[outcome.kind];
        if (status !== null) await settled(status);
      };
    },
  };
}

/**
 * Admin: the Fulfillment area. Packages to pack, shipped and delivered; one package (the packing
 * slip); Mark shipped (captures the payments), delivered, split and merge. Every change is audited.
 */
const adminShipments: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get(
    '/',
    { schema: { querystring: ShipmentListQuery, response: { 200: AdminShipmentList } } },
    async (request) => {
      // Purchases made since the last background pass are in their packages before the list answers.
      await app.fulfillment.bundle();
      return listShipments(app.deps, request.query.status);
    },
  );

  app.get('/:id', { schema: { params: Params, response: { 200: AdminShipment } } }, async (request) =>
    getShipment(app.deps, request.params.id),
  );

  app.post(
    '/:id/ship',
    {
      config: { audit: { action: 'shipment.ship', target: 'shipment' } },
      schema: {
        params: Params,
        body: ShipBody,
        response: { 200: AdminShipment, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) =>
      shipShipment(app.deps, request.params.id, request.body, {
        adminId: requireUser(request).id,
        hooks: auditedCaptures(app.db, request),
      }),
  );

  app.post(
    '/:id/deliver',
    {
      config: { audit: { action: 'shipment.deliver', target: 'shipment' } },
      schema: { params: Params, response: { 200: AdminShipment, 409: ErrorBody } },
    },
    async (request) => deliverShipment(app.deps, request.params.id),
  );

  app.post(
    '/:id/split',
    {
      config: { audit: { action: 'shipment.split', target: 'shipment' } },
      schema: { params: Params, body: SplitBody, response: { 201: AdminShipment, 409: ErrorBody } },
    },
    async (request, reply) =>
      reply.status(201).send(await splitShipment(app.deps, request.params.id, request.body.purchaseIds)),
  );

  app.post(
    '/:id/merge',
    {
      config: { audit: { action: 'shipment.merge', target: 'shipment' } },
      schema: { params: Params, body: MergeBody, response: { 200: AdminShipment, 409: ErrorBody } },
    },
    async (request) => mergeShipments(app.deps, request.params.id, request.body.shipmentId),
  );
};

export default adminShipments;
