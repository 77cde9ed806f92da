import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditSpec, auditRecord } from '../lib/audit';
import { type Access, accessOf } from '../lib/route-access';
import { insertAuditEntry } from '../repositories/audit';

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
 * The audit log's recorder (issue 18). A route that declares `config: { audit: … }` (lib/audit.ts)
 * gets one admin_audit row per successful call (status < 400): the admin (request.user, loaded by
 * requireAdmin), the action, the target, a bounded and secret-free copy of the call, the request
 * id. Registered before every route, so its hook reaches them all, the payment simulator's too.
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

    // onSend, awaited: the record exists before the admin sees the answer, so the Audit Log tab
    // opened right after an action always shows it. A failure to record is logged loudly (an
    // action missing from the log is an incident) but does not turn an action that was done
    // into a 5xx: the admin would retry something that already happened (a second capture, a
    // second start).
    app.addHook('onSend', async (request, reply, payload) => {
      const spec = request.routeOptions.config.audit;
      if (!spec || reply.statusCode >= 400) return payload;
      const admin = request.user;
      try {
        if (!admin) throw new Error('an audited route ran without a signed-in user (is it behind requireAdmin?)');
        const record = auditRecord(spec, request, { params: request.params, body: request.body, payload });
        await insertAuditEntry(app.db, {
          ...record,
          adminUserId: admin.id,
          adminEmail: admin.email,
          requestId: request.id,
        });
      } catch (error) {
        request.log.error(
          { err: error, audit: spec.action, url: request.url, adminId: admin?.id },
          'AUDIT LOG WRITE FAILED: an admin action succeeded but was not recorded',
        );
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['infrastructure', 'auth'] },
);
