import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';

/** Who may call a route: anyone, any signed-in member, or admins only. */
export type Access = 'anonymous' | 'member' | 'admin';

type PreValidation = RouteOptions['preValidation'];
type Hook = Extract<NonNullable<PreValidation>, unknown[]>[number];

/**
 * Puts `guard` in front of every route registered after this call in `app`'s plugin. Unlike a
 * plugin-wide `addHook('preValidation', guard)`, the guard becomes part of each route's own
 * options, where the OpenAPI document reads who may call the route (accessOf): the document is
 * derived from the hook that enforces the rule, not from a list kept beside it.
 */
export function guardEveryRoute(app: FastifyInstance, guard: preValidationHookHandler): void {
  app.addHook('onRoute', (route) => {
    route.preValidation = [guard as Hook, ...hooksOf(route.preValidation)];
  });
}

function hooksOf(preValidation: PreValidation): Hook[] {
  if (!preValidation) return [];
  return Array.isArray(preValidation) ? preValidation : [preValidation];
}

/** The strictest of the auth plugin's guards among a route's preValidation hooks. */
export function accessOf(app: FastifyInstance, preValidation: PreValidation): Access {
  const hooks = hooksOf(preValidation);
  const has = (guard: unknown) => hooks.some((hook) => hook === guard);
  if (has(app.requireAdmin)) return 'admin';
  if (has(app.authenticate) || has(app.requireSession)) return 'member';
  return 'anonymous';
}
