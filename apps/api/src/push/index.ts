// What the push domain offers the others: a domain imports another only through its entry file
// (scripts/boundaries/api-rules.mjs checks it), so this list is the whole of what they share.
export { deleteAllPush } from './repository';
