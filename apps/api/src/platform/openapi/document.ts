import { STATUS_CODES } from 'node:http';
import { FaultBody } from '@vault/authnet-simulator';
import { ErrorBody, MessageResponse } from '@vault/contracts';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { type Access, accessOf } from '../route-access';
import { type JsonSchema, toJsonSchema } from './json-schema';

type Responses = Record<string, JsonSchema>;

/** The session cookie as an OpenAPI security scheme; admin routes add `x-vault-access: admin`. */
export const SECURITY_SCHEME = 'session';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const redirect = (where: string): JsonSchema => ({
  description: `Found: a redirect to ${where}.`,
  headers: { location: { type: 'string', description: 'Where the browser goes next.' } },
  type: 'null',
});

/**
 * Routes whose answer is not a JSON body described by a zod contract (browser navigations that
 * redirect, and the payment simulator standing in for Authorize.Net): their responses, by route.
 * The openapi test fails on a route that has neither a response schema nor an entry here.
 */
const described: Record<string, { summary: string; body?: unknown; responses: Responses }> = {
  'GET /api/auth/verify': {
    summary: 'The emailed verification link: verifies the address, then sends the browser to the login screen.',
    responses: { 302: redirect('/login?notice=verified (or notice=verify-invalid)') },
  },
  'GET /api/auth/google': {
    summary: 'Starts Google sign-in (or returns to the login screen with a notice when it is not configured).',
    responses: { 302: redirect("Google's consent screen, or /login?notice=google-unavailable") },
  },
  'GET /api/auth/google/callback': {
    summary: "Google's redirect back: signs the member in.",
    responses: { 302: redirect('/ (signed in) or /login?notice=…') },
  },
  'GET /api/login': {
    summary: 'Starts single sign-on with the configured OIDC provider.',
    responses: { 302: redirect("the provider's sign-in page, or /login?notice=sso-unavailable") },
  },
  'GET /api/auth/oidc/callback': {
    summary: "The OIDC provider's redirect back: signs the member in.",
    responses: { 302: redirect('/ (signed in) or /login?notice=…') },
  },
  'GET /api/logout': {
    summary: 'Sign-out by browser navigation from our own pages; a link from another site gets a confirmation page.',
    responses: {
      200: {
        description: 'A page asking to confirm the sign-out.',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      302: redirect('/ after ending the session'),
    },
  },
  'GET /sandbox/authnet/v1/Accept.js': {
    summary: "The payment simulator's Accept.js (simulator mode only): tokenises a card in the browser.",
    responses: {
      200: { description: 'Accept.js.', content: { 'application/javascript': { schema: { type: 'string' } } } },
    },
  },
  'POST /sandbox/authnet/xml/v1/request.api': {
    summary:
      "The payment simulator's Authorize.Net JSON API (simulator mode only). Authenticated by merchant credentials in the body, as the real gateway is; every answer, errors included, is the gateway's envelope with a byte order mark.",
    body: { type: 'object', description: 'An Authorize.Net request, e.g. {"createTransactionRequest": {…}}.' },
    responses: {
      200: {
        description: "The gateway's answer.",
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['messages'],
              properties: {
                messages: {
                  type: 'object',
                  required: ['resultCode', 'message'],
                  properties: { resultCode: { enum: ['Ok', 'Error'] }, message: { type: 'array' } },
                },
              },
            },
          },
        },
      },
    },
  },
  'POST /sandbox/authnet/faults': {
    summary: 'Demo control: the next matching gateway requests fail or hang, on every replica.',
    body: FaultBody,
    responses: { 200: { 'x-response-description': 'Queued.', ...toJsonSchema(MessageResponse, 'output') } },
  },
  'DELETE /sandbox/authnet/faults': {
    summary: 'Demo control: clears the queued gateway faults.',
    responses: { 200: { 'x-response-description': 'Cleared.', ...toJsonSchema(MessageResponse, 'output') } },
  },
  'POST /sandbox/authnet/settlement': {
    summary:
      "Demo control: the simulator's daily settlement batch runs now; every capture and refund not yet settled settles.",
    responses: {
      200: {
        'x-response-description': 'Settled, with how many transactions the batch took.',
        type: 'object',
        required: ['message', 'settled'],
        properties: { message: { type: 'string' }, settled: { type: 'integer', minimum: 0 } },
      },
    },
  },
};

/** `GET /api/show/state` → `getShowState`; path parameters read "By<Name>". */
function operationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((part) => part && part !== 'api')
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part.replace('*', 'wildcard')))
    .join('-')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

function tagOf(url: string): string {
  if (url.startsWith('/sandbox/')) return 'payment simulator';
  const segment = url.split('/')[2] ?? '';
  if (segment === 'login' || segment === 'logout') return 'auth';
  if (segment === 'show' || segment === 'test-products') return 'show';
  if (segment === 'shows' || segment === 'show-items' || segment === 'purchases' || segment === 'admin')
    return 'admin and purchases';
  return segment;
}

/** Which error answers a route can give, each a reference to a shared `ErrorBody` response. */
function errorStatuses(route: RouteOptions, access: Access, hasInput: boolean, declared: Responses): string[] {
  const method = String(route.method);
  const statuses = new Set<string>();
  if (hasInput || STATE_CHANGING.has(method)) statuses.add('400');
  if (route.schema?.params) statuses.add('404');
  if (access !== 'anonymous') statuses.add('401');
  // Admin routes refuse members; state-changing routes refuse another site's Origin (CSRF).
  if (access === 'admin' || (STATE_CHANGING.has(method) && !route.url.endsWith('/request.api'))) statuses.add('403');
  if (route.config && 'rateLimit' in route.config) statuses.add('429');
  statuses.add('500');
  statuses.add('503');
  statuses.add('default');
  return [...statuses].filter((status) => !(status in declared));
}

const ACCESS_NOTE: Record<Access, string> = {
  anonymous: 'Anyone may call this.',
  member: 'Needs a signed-in session (any member).',
  admin: 'Needs the signed-in session of an admin: members get 403.',
};

/**
 * The @fastify/swagger `transform`: a route's zod schemas as JSON Schema, who may call it (read
 * from the guard hooks that enforce it), and the error answers it can give (attached by
 * finishDocument as `x-vault-errors`). Routes outside /api and /sandbox (the SPA and its
 * assets) and the docs themselves are hidden.
 */
export function describeRoute(app: FastifyInstance, route: RouteOptions): FastifySchema {
  const schema = (route.schema ?? {}) as FastifySchema & { hide?: boolean };
  const method = String(route.method);
  const url = route.url;
  if (schema.hide || !/^\/(api|sandbox)\//.test(url)) return { hide: true } as FastifySchema;
  const extra = described[`${method} ${url}`];
  const access = accessOf(app, route.preValidation);
  const declared: Responses = { ...extra?.responses };
  // A route that declares an ErrorBody answer (a 429 its service gives) gets the shared one.
  const declaredErrors: string[] = [];
  for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    if (response === ErrorBody) declaredErrors.push(status);
    else
      declared[status] = {
        'x-response-description': STATUS_CODES[Number(status)],
        ...toJsonSchema(response, 'output'),
      };
  }
  const input = { body: schema.body ?? extra?.body, ...pick(schema, ['querystring', 'params', 'headers']) };
  const out: Record<string, unknown> = {
    operationId: operationId(method, url),
    tags: [tagOf(url)],
    ...(extra ? { summary: extra.summary } : {}),
    description: ACCESS_NOTE[access],
    'x-vault-access': access,
    response: declared,
  };
  for (const [part, value] of Object.entries(input)) {
    if (value !== undefined) out[part] = toJsonSchema(value, 'input');
  }
  // A multipart route (the image upload) says so; @fastify/swagger documents its body under it.
  if (schema.consumes) out.consumes = schema.consumes;
  if (access !== 'anonymous') out.security = [{ [SECURITY_SCHEME]: [] }];
  const hasInput = Object.values(input).some((v) => v !== undefined);
  out['x-vault-errors'] = [...new Set([...declaredErrors, ...errorStatuses(route, access, hasInput, declared)])];
  return out as FastifySchema;
}

function pick(schema: FastifySchema, keys: Array<keyof FastifySchema>): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => schema[k] !== undefined).map((k) => [k, schema[k]]));
}

const retryAfter = {
  'retry-after': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The shared error answers: the text the screens show in `message`, the condition in `code`. */
export const errorResponses: Record<string, unknown> = {
  400: errorResponse(
    'The request was refused: invalid input (`invalid_request`) or a condition of the call (see `code`).',
  ),
  401: errorResponse('Not signed in (`not_signed_in`).'),
  403: errorResponse('An admin route called by a member (`admin_only`), or a cross-site request (`origin_rejected`).'),
  429: errorResponse('Too many attempts (`rate_limited`).', retryAfter),
  404: errorResponse('No such record (`not_found`).'),
  402: errorResponse(
    'The payment was refused: `card_declined`, or `payment_failed` (the gateway failed or did not answer).',
  ),
  409: errorResponse(
    'The current state refuses it: `sold`, `not_on_sale`, `buy_in_progress`, `purchase_cap_reached`, `email_taken`, `card_duplicate`, `card_limit_reached`, `not_authorized_payment`, or `conflict` (a show command that does not apply now).',
  ),
  413: errorResponse('The body or an uploaded file is too large (`payload_too_large`).'),
  415: errorResponse('A body of a type the route does not take (`unsupported_media_type`).'),
  422: errorResponse('An Idempotency-Key already used for another item (`idempotency_key_reused`).'),
  502: errorResponse('The payment gateway refused or failed the call (`gateway_error`, `gateway_unavailable`).'),
  500: errorResponse('An unexpected failure (`server_error`); the details are in the server log.'),
  503: errorResponse('A dependency is down or restarting (`service_unavailable`): try again.', retryAfter),
  default: errorResponse('Any other refusal, with its `code`.'),
};

const errorName = (status: string) => (status === 'default' ? 'ErrorOther' : `Error${status}`);

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };

/** The order the reference reads in: what a member does first, the admin's, then the operator's and the simulator's. */
const TAG_ORDER = [
  'show',
  'hearts',
  'reminders',
  'auth',
  'onboarding',
  'profile',
  'payment',
  'payment-methods',
  'orders',
  'admin and purchases',
];
const tagRank = (tag: string) => {
  const rank = TAG_ORDER.indexOf(tag);
  return rank === -1 ? TAG_ORDER.length + (tag === 'payment simulator' ? 1 : 0) : rank;
};

/** The @fastify/swagger `transformObject`: error responses by reference, the tags in order, and the shared components. */
export function finishDocument(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const errors = (operation['x-vault-errors'] ?? []) as string[];
      delete operation['x-vault-errors'];
      operation.responses = {
        ...operation.responses,
        ...Object.fromEntries(
          errors.map((status) => [status, { $ref: `#/components/responses/${errorName(status)}` }]),
        ),
      };
    }
  }
  const tags = new Set(
    Object.values(paths).flatMap((operations) =>
      Object.values(operations).flatMap((op) => (op.tags ?? []) as string[]),
    ),
  );
  document.tags = [...tags].sort((a, b) => tagRank(a) - tagRank(b) || a.localeCompare(b)).map((name) => ({ name }));
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  document.components = {
    ...components,
    schemas: { ...components.schemas, ErrorBody: toJsonSchema(ErrorBody, 'output') },
    responses: Object.fromEntries(Object.entries(errorResponses).map(([status, r]) => [errorName(status), r])),
  };
  return document;
}
