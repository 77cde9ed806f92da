// The limits and the path rule of a push payload, with no zod: the service worker checks pushes
// by these (zod in the worker would be fetched at every update check), the PushPayload schema
// is built from them, so the two cannot drift.

export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 240;
export const PUSH_TAG_MAX = 100;

/** A path on this origin. Not `//host` nor `/\host`: browsers read both as another site. */
export const OWN_PATH = /^\/(?![/\\])/;
