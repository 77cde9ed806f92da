// Reading values out of a request that passed the XSD check (schema-order.ts). The XSD fixes
// which elements may appear, not how JSON spells them: a text element may arrive as a string, a
// number, a boolean or null, and an element that may repeat arrives as one object or an array.
// These helpers turn each into the one shape a handler uses, so no handler trusts a cast.

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The occurrences of an element that may repeat (maxOccurs > 1): an array, one object, or none. */
export function many(value: unknown): Json[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.filter(isObject);
}

/** A complex element's content, or an empty one. */
export const obj = (value: unknown): Json => (isObject(value) ? value : {});

/** A text element's value as the XML would carry it; null when absent or empty. */
export function text(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** An xs:boolean: true, false, 1 or 0, in any JSON spelling. */
export function bool(value: unknown): boolean {
  const t = text(value)?.trim();
  return t === 'true' || t === '1';
}

/** The largest amount the simulator's ledger holds (numeric(10, 2)); the gateway refuses more too. */
const MAX_AMOUNT = 99_999_999.99;

/** An xs:decimal amount, or null when missing, under a cent (it would be charged as 0.00) or too large. */
export function positiveAmount(value: unknown): number | null {
  const n = Number(text(value)?.trim() ?? Number.NaN);
  return n >= 0.01 && n <= MAX_AMOUNT ? n : null;
}

/**
 * A card expiry as Accept.js and the SDKs send it: MMYY, MM/YY, MMYYYY, MM/YYYY or YYYY-MM.
 * Returns 'YYYY-MM', or null.
 */
export function expiration(value: unknown): string | null {
  const t = text(value)?.trim() ?? '';
  const monthFirst = t.match(/^(\d{2})\/?(\d{2}|\d{4})$/);
  const yearFirst = t.match(/^(\d{4})-(\d{2})$/);
  const [month, year] = monthFirst ? [monthFirst[1], monthFirst[2]] : yearFirst ? [yearFirst[2], yearFirst[1]] : [];
  if (!month || !year || Number(month) < 1 || Number(month) > 12) return null;
  return `${year.length === 2 ? `20${year}` : year}-${month}`;
}
