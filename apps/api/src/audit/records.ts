import { markUnstorable } from '@vault/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * What an admin route records in the audit log when it succeeds (audit/plugin.ts): a stable
 * action name ("show.start", "purchase.void", …) and the kind of thing it acts on. Declared on
 * the route itself (`config: { audit: { … } }`), so the route and its record cannot drift apart,
 * and a test can require it of every state-changing admin route.
 */
export interface AuditSpec {
  action: string;
  /** show, show_item, purchase, test_product, image, payment_simulator, … */
  target: string;
  /**
   * For a route that does things an admin tells apart (an edit that only reorders the lineup):
   * this request's action. Defaults to `action`.
   */
  actionOf?: (request: FastifyRequest) => string;
  /**
   * For a route whose target is in neither its path, its body nor its answer (Pause acts on
   * whichever show is live): where to find it. Runs after the handler.
   */
  targetIdOf?: (request: FastifyRequest) => string | null | undefined;
  /**
   * For an edit whose record must say what it replaced (an admin's correction of a member's date
   * of birth): read before the handler runs, kept (bounded, like the body) as `details.before`.
   */
  before?: (request: FastifyRequest) => Promise<Record<string, unknown> | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditSpec;
  }
}

/** Path parameters that name the target, in the order they are tried. */
const TARGET_PARAMS = ['showId', 'purchaseId', 'id', 'showItemId'] as const;
/** The column's width. */
const TARGET_ID_MAX = 100;

/** Field names never copied into the log, at any depth: credentials and card data. */
const SECRET_FIELD = /password|token|secret|card|cvv|datavalue/i;
/** A record's details stay small: the log is read in lists, and it is no copy of the data. */
export const DETAILS_MAX_BYTES = 2048;

interface Bounds {
  text: number;
  items: number;
  depth: number;
}
/** Tried in turn until the copy fits DETAILS_MAX_BYTES: first generous, then terse. */
const BOUNDS: Bounds[] = [
  { text: 200, items: 20, depth: 4 },
  { text: 60, items: 5, depth: 2 },
];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A JSON copy of `value` within `bounds`, without secret fields; what is not JSON (a stream, a file) is named, not copied. */
function copy(value: unknown, bounds: Bounds, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string')
    return markUnstorable(value.length > bounds.text ? `${value.slice(0, bounds.text)}…` : value);
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (depth >= bounds.depth) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, bounds.items).map((item) => copy(item, bounds, depth + 1));
    return value.length > bounds.items ? [...items, `… ${value.length - bounds.items} more`] : items;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (SECRET_FIELD.test(key) || field === undefined) continue;
      out[markUnstorable(key)] = copy(field, bounds, depth + 1);
    }
    return out;
  }
  return `[${typeof value}]`;
}

/**
 * A bounded, secret-free copy of a request body for the log: at most DETAILS_MAX_BYTES of JSON.
 * A body too large even when terse is reduced to the names of its fields.
 */
export function sanitiseBody(body: unknown): unknown {
  for (const bounds of BOUNDS) {
    const result = copy(body, bounds, 0);
    if (JSON.stringify(result ?? null).length <= DETAILS_MAX_BYTES) return result;
  }
  const keys = isPlainObject(body) ? Object.keys(body).filter((key) => !SECRET_FIELD.test(key)) : [];
  return { truncated: true, fields: keys.slice(0, 50).map((key) => markUnstorable(key.slice(0, 40))) };
}

const idText = (value: unknown): string | null =>
  (typeof value === 'string' && value !== '') || typeof value === 'number'
    ? markUnstorable(String(value).slice(0, TARGET_ID_MAX))
    : null;

/** The `id` of a JSON answer (what a create call made), if it has one. */
export function answerId(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 1_000_000) return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    return isPlainObject(parsed) ? idText(parsed.id) : null;
  } catch {
    return null; // not JSON
  }
}

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
}

/**
 * What an admin call records BEFORE it runs (audit/plugin.ts): the target from the path
 * (showId, purchaseId, id, showItemId), else the body's showId; the path parameters and a
 * sanitised body as details. A route with `targetIdOf` names its target only when it has run.
 */
export function auditIntent(spec: AuditSpec, request: FastifyRequest): AuditRecord {
  const params = isPlainObject(request.params) ? request.params : {};
  const body = isPlainObject(request.body) ? request.body : {};
  const fromParams = TARGET_PARAMS.map((name) => idText(params[name])).find((id) => id !== null);
  const targetId = spec.targetIdOf ? null : (fromParams ?? idText(body.showId));
  const details: Record<string, unknown> = {};
  if (Object.keys(params).length > 0) details.params = copy(params, BOUNDS[0] as Bounds, 0);
  const hasBody = isPlainObject(request.body) ? Object.keys(body).length > 0 : request.body != null;
  if (hasBody) details.body = sanitiseBody(request.body);
  return {
    action: markUnstorable(spec.actionOf?.(request) ?? spec.action),
    targetType: spec.target,
    targetId,
    details,
  };
}

export interface AuditOutcome {
  status: number;
  /** The target when the record could not name it before the call: `targetIdOf`, else what a create made. */
  targetId: string | null;
  /** The id in the answer when it is not the target (the new item of an "add item to show"). */
  resultId: string | null;
}

/** What the call came to, recorded when it answers: its status and the ids only its answer knows. */
export function auditOutcome(
  spec: AuditSpec,
  request: FastifyRequest,
  call: { status: number; payload: unknown; recordTargetId: string | null },
): AuditOutcome {
  if (call.status >= 400) return { status: call.status, targetId: null, resultId: null };
  const resultId = answerId(call.payload);
  const named = spec.targetIdOf ? idText(spec.targetIdOf(request)) : null;
  const targetId = call.recordTargetId === null ? (named ?? (spec.targetIdOf ? null : resultId)) : null;
  const finalTarget = call.recordTargetId ?? targetId;
  return { status: call.status, targetId, resultId: resultId !== finalTarget ? resultId : null };
}
