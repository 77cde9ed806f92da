import { z } from 'zod';

/**
 * Text that reaches the database. Postgres refuses a NUL in text outright (and PGlite cannot
 * encode half a surrogate pair), which used to surface as a 500; no field of ours has a use for
 * other control characters either, except line breaks and tabs in multi-line descriptions. Every
 * string schema that ends up in a column starts from one of these, so the web forms and the API
 * refuse the same input with the same words.
 */
export const textMessages = {
  controlCharacters: 'Text must not contain control characters',
  invalidCharacters: 'Text must not contain invalid characters',
} as const;

// C0 controls and DEL; the multi-line set keeps tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const LINE_CONTROLS = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BLOCK_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Half of a UTF-16 surrogate pair: not a character at all.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type StringParams = Parameters<typeof z.string>[0];

const textWith = (controls: RegExp, params?: StringParams, message?: string) =>
  z
    .string(params)
    .refine((value) => !controls.test(value), message ?? textMessages.controlCharacters)
    .refine((value) => !LONE_SURROGATE.test(value), message ?? textMessages.invalidCharacters);

/** One line of text (names, address fields, titles, emails): no control characters at all. */
export const lineText = (params?: StringParams, message?: string) => textWith(LINE_CONTROLS, params, message);

/** Multi-line text (descriptions, specs): tabs and line breaks allowed, other controls not. */
export const blockText = (params?: StringParams, message?: string) => textWith(BLOCK_CONTROLS, params, message);

const ALL_CONTROLS = new RegExp(LINE_CONTROLS.source, 'g');
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Text we store but cannot send back to be corrected (an OAuth provider's name claims): what
 * Postgres cannot take is dropped and the rest cut to the column, counting code points as
 * Postgres does.
 */
export function storableText(value: string, max: number): string {
  return [...value.replace(ALL_CONTROLS, '').replace(LONE_SURROGATES, '')].slice(0, max).join('').trim();
}

/**
 * Text with what Postgres cannot store replaced rather than dropped: NUL (jsonb refuses it) and lone
 * surrogates (no UTF-8 encodes them) become U+FFFD, which shows something was there. For copies
 * that must always be written, such as the audit log's.
 */
export function markUnstorable(value: string): string {
  return value.replaceAll(NUL, '\ufffd').replace(LONE_SURROGATES, '\ufffd');
}
const NUL = String.fromCharCode(0);

/** The answer of a request that failed on the server; the details stay in the log. */
export const serverFailureMessage = 'Something went wrong. Please try again.';

/** The error handler's answer when the database refuses a value validation let through. */
export const unstorableValueMessage = 'A value in this request cannot be saved. Please check it and try again.';

/** The answer (503) while the database is down or restarting: nothing was wrong with the request. */
export const serviceUnavailableMessage = 'Service temporarily unavailable. Please try again.';

/** The 404 of an unknown API path (or of a non-GET request outside it); the query string stays out. */
export const routeNotFoundMessage = (method: string, url: string) => `Route ${method} ${url.split('?')[0]} not found`;

/** The 400 of input a schema refused without a text of its own. */
export const invalidRequestMessage = 'Invalid request';
