import { z } from 'zod';

/** A JSON value (what a view is made of). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where a value sits in a document: object keys and array indexes, from the root. */
const JsonPath = z.array(z.union([z.string(), z.number().int().nonnegative()]));
/** One change: the value now at `path` (set wholesale). */
export const JsonPatchOp = z.tuple([JsonPath, z.unknown()]);
export type JsonPatchOp = [path: Array<string | number>, value: unknown];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The changes that turn `before` into `after`, as the fewest values set at the deepest paths that
 * still say it: objects are compared key by key, arrays of the same length index by index;
 * anything else that differs (a scalar, null ↔ object, an array that grew) is set whole. Keys
 * never disappear from our documents (their schemas are fixed; absent values are null), so a
 * removed key is not expressed — diffing documents where keys vanish would need a delete op.
 */
export function diffJson(before: unknown, after: unknown, path: Array<string | number> = []): JsonPatchOp[] {
  if (Object.is(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    return Object.keys(after).flatMap((key) => diffJson(before[key], after[key], [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return after.flatMap((value, index) => diffJson(before[index], value, [...path, index]));
  }
  return [[path, after]];
}

/**
 * `document` with the changes applied, copying only the objects and arrays along their paths (the
 * rest is shared with `document`, which is left as it was). A path that does not fit the
 * document (a key under a scalar) throws: the base was not what the patch was made from.
 */
export function applyJsonPatch<T>(document: T, ops: readonly JsonPatchOp[]): T {
  let root: unknown = document;
  for (const [path, value] of ops) root = setAt(root, path, 0, value);
  return root as T;
}

function setAt(node: unknown, path: ReadonlyArray<string | number>, depth: number, value: unknown): unknown {
  if (depth === path.length) return value;
  const key = path[depth] as string | number;
  if (Array.isArray(node) && typeof key === 'number' && key < node.length) {
    const copy = [...node];
    copy[key] = setAt(node[key], path, depth + 1, value);
    return copy;
  }
  if (isObject(node) && typeof key === 'string' && Object.hasOwn(node, key)) {
    return { ...node, [key]: setAt(node[key], path, depth + 1, value) };
  }
  throw new Error(`The patch does not fit its base at ${path.slice(0, depth + 1).join('.')}`);
}
