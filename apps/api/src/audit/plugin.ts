import { markUnstorable, serviceUnavailableMessage } from '@vault/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error';
import { type Access, accessOf } from '../platform/route-access';
import { type AuditSpec, auditIntent, auditOutcome, sanitiseBody } from './records';
import { insertAuditEntry, insertAuditOutcome } from './repository';

/** A route as finally registered: who may call it, and what it records in the audit log. */
export interface AuditPolicyEntry {
  method: string;
  url: string;
  access: Access;
  audit: AuditSpec | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route with its access and its audit spec, read from the options the route was
     * registered with (after every guard was added to them): what the audit coverage test checks.
     */
    auditPolicy(): AuditPolicyEntry[];
  }
}

/**
 * The admin audit log's recorder, fail-closed. A route that declares `config: { audit: … }`
 * (audit/records.ts) gets its admin_audit row BEFORE its handler runs, once sign-in and validation
 * have passed: the admin (request.user, loaded by requireAdmin), the action, the target, a
 * bounded, secret-free and storable copy of the call, the request id. A record that cannot be
 * written refuses the action with a 503: an admin action never happens unrecorded. When the call
 * answers, what it came to (status, the ids only its answer knows) is appended beside the record
 * (admin_audit_outcomes). Registered before every route, so its hooks reach them all, the payment
 * simulator's too.
 */
export const audit = fp(
  async (app: FastifyInstance) => {
    // The options object Fastify hands every onRoute hook is the one it registers the route with:
    // kept by reference, it shows the guards hooks added after this one (guardEveryRoute).
    const routes: Array<{ method: string; url: string; options: RouteOptions }> = [];
    app.addHook('onRoute', (options) => {
      for (const method of [options.method].flat()) routes.push({ method, url: options.url, options });
    });
    app.decorate('auditPolicy', () =>
      routes.map(({ method, url, options }) => ({
        method,
        url,
        access: accessOf(app, options.preValidation),
        audit: options.config?.audit,
      })),
    );

    /** The record each audited call in flight wrote, for its outcome to name. */
    const written = new WeakMap<FastifyRequest, { id: number; targetId: string | null }>();

    // preHandler: after the admin check (preValidation) and the schema, before the handler, so a
    // call refused as unauthorised or invalid records nothing, and one that runs always has a record.
    app.addHook('preHandler', async (request) => {
      const spec = request.routeOptions.config.audit;
      if (!spec) return;
      const admin = request.user;
      if (!admin) throw new Error('an audited route ran without a signed-in user (is it behind requireAdmin?)');
      const record = auditIntent(spec, request);
      try {
        const before = await spec.before?.(request);
        if (before) record.details.before = sanitiseBody(before);
        const id = await insertAuditEntry(app.db, {
          ...record,
          adminUserId: admin.id,
          adminEmail: markUnstorable(admin.email),
          requestId: request.id,
        });
        written.set(request, { id, targetId: record.targetId });
      } catch (error) {
        request.log.error(
          { err: error, audit: spec.action, url: request.url, adminId: admin.id },
          'AUDIT LOG WRITE FAILED: the admin action was refused',
        );
        throw new AppError(503, 'service_unavailable', serviceUnavailableMessage, {}, { cause: error });
      }
    });

    // onSend, awaited: the outcome exists before the admin sees the answer, so the Audit Log tab
    // opened right after an action shows it complete. Failing to write it loses no action (its
    // record is there, read as "outcome unknown"); it is logged, not turned into a 5xx for an
    // action that was done (the admin would retry a second capture, a second start).
    app.addHook('onSend', async (request, reply, payload) => {
      const spec = request.routeOptions.config.audit;
      const record = written.get(request);
      if (!spec || !record) return payload;
      written.delete(request);
      try {
        const outcome = auditOutcome(spec, request, {
          status: reply.statusCode,
          payload,
          recordTargetId: record.targetId,
        });
        await insertAuditOutcome(app.db, { auditId: record.id, ...outcome });
      } catch (error) {
        request.log.error(
          { err: error, audit: spec.action, url: request.url, auditId: record.id },
          'AUDIT OUTCOME WRITE FAILED: the action is recorded, what it came to is not',
        );
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['infrastructure', 'auth'] },
);
