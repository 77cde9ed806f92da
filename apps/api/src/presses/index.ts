// What the presses domain offers the others: a domain imports another only through its entry file
// (scripts/boundaries/api-rules.mjs checks it), so this list is the whole of what they share.

export { presses } from './plugin';
export type { ReactionClock } from './reactions';
export type { PressRecorder, PressStamp, PressTransport } from './recorder';
