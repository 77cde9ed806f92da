/**
 * A small, seeded generator of request bodies from the zod schemas the routes declare. It knows
 * the shapes zod 4 gives our contracts (objects, strings with lengths, formats and refinements,
 * numbers with bounds, enums, unions, pipes, defaults), and aims at what breaks a database:
 * boundary lengths, NUL and control characters, text that grows when lower-cased, astral and
 * combining characters, wrong types, huge numbers and money below a cent. Same seed, same bodies,
 * so a failure reproduces. Its ingredients are in zod-fuzz-text.ts, its schema reading in
 * zod-fuzz-schema.ts, and values of the wrong kind in zod-fuzz-hostile.ts.
 */

import { hostileValue } from './zod-fuzz-hostile';
import { boundsOf, defOf, formatOf, type Schema, unwrap } from './zod-fuzz-schema';
import { DATES, MONEY, type Palette, paletteNames, type Rng, textOf } from './zod-fuzz-text';

export { hostileValue, oddBody, type RawBody } from './zod-fuzz-hostile';
export { createRng, type Rng } from './zod-fuzz-text';

export interface FuzzPools {
  /** Ids that exist in the database, so a valid body reaches deep into a handler. */
  uuids: string[];
}

const randomUuid = (rng: Rng) => 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => rng.int(16).toString(16));

/** Candidate strings of many shapes near `length`; the caller keeps the first its schema accepts. */
function stringCandidates(rng: Rng, length: number, palette: Palette, format: string | undefined, pools: FuzzPools) {
  const text = (n: number) => textOf(rng, Math.max(0, n), palette);
  const safe: Palette = palette === 'spaced' || palette === 'sql' ? 'ascii' : palette;
  const candidates: string[] = [];
  if (format === 'uuid' || format === 'guid') {
    candidates.push(pools.uuids.length && rng.chance(0.8) ? rng.pick(pools.uuids) : randomUuid(rng));
  }
  candidates.push(
    text(length),
    `${textOf(rng, Math.max(1, length - 12), safe)}@example.com`,
    `https://example.com/${text(length - 20)}`,
    `/media/${text(length - 7)}`,
    rng.pick(MONEY),
    rng.pick(DATES),
    new Date(Date.now() + rng.int(3_600_000) + 60_000).toISOString(),
    randomUuid(rng),
  );
  return candidates;
}

interface Sizing {
  /** Where string lengths land: at the bounds, past them, or between. */
  length: 'min' | 'max' | 'over' | 'empty' | 'between';
  palette: Palette;
}

export function randomSizing(rng: Rng): Sizing {
  return {
    length: rng.pick(['min', 'max', 'max', 'over', 'empty', 'between', 'between'] as const),
    palette: rng.chance(0.35) ? 'ascii' : rng.pick(paletteNames),
  };
}

function lengthFor(rng: Rng, sizing: Sizing, min = 0, max = 60): number {
  const top = Number.isFinite(max) ? max : 300;
  switch (sizing.length) {
    case 'min':
      return min;
    case 'max':
      return top;
    case 'over':
      return top + 1;
    case 'empty':
      return 0;
    default:
      return min + rng.int(Math.max(1, top - min + 1));
  }
}

/**
 * A value the schema should accept, stretched to the sizing's boundary — tried a few times, and
 * the last attempt kept if none passes (that is a boundary case too).
 */
export function validValue(schema: Schema, rng: Rng, sizing: Sizing, pools: FuzzPools, depth = 0): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const optional = (field as Schema).safeParse(undefined).success;
        if (optional && rng.chance(0.3)) continue;
        out[key] = validValue(field as Schema, rng, sizing, pools, depth + 1);
      }
      return out;
    }
    case 'array': {
      const { min = 0, max = 5 } = boundsOf(inner);
      const count = Math.min(
        lengthFor(rng, { ...sizing, length: rng.chance(0.5) ? 'between' : sizing.length }, min, max),
        25,
      );
      return Array.from({ length: count }, () => validValue(def.element as Schema, rng, sizing, pools, depth + 1));
    }
    case 'enum':
      return rng.pick(Object.values(def.entries ?? {}));
    case 'literal':
      return rng.pick(def.values ?? [null]);
    case 'boolean':
      return rng.chance(0.5);
    case 'union':
      return validValue(rng.pick(def.options ?? []), rng, sizing, pools, depth + 1);
    case 'number': {
      const { min = -1000, max = 1000, int } = boundsOf(inner);
      const edge = rng.pick([min, max, min + (max - min) / 2, min - 1, max + 1]);
      const value = int ? Math.round(edge) : edge;
      return def.coerce && rng.chance(0.3) ? String(value) : value;
    }
    case 'string': {
      const { min, max } = boundsOf(inner);
      const length = lengthFor(rng, sizing, min, max);
      const candidates = stringCandidates(rng, length, sizing.palette, formatOf(schema), pools);
      return candidates.find((c) => schema.safeParse(c).success) ?? candidates[0];
    }
    default:
      return hostileValue(rng, depth);
  }
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'role', 'id', 'userId', 'isAdmin', 'price', 'a\u0000b', ''];

/** A schema-valid body with a few fields broken: wrong types, lengths just past the limit, extras. */
export function mutate(
  body: Record<string, unknown>,
  schema: Schema,
  rng: Rng,
  pools: FuzzPools,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const shape = defOf(unwrap(schema)).shape ?? {};
  const keys = Object.keys(shape);
  const times = 1 + rng.int(3);
  for (let i = 0; i < times; i++) {
    const roll = rng.int(10);
    const key = keys.length ? rng.pick(keys) : 'x';
    const field = shape[key];
    if (roll < 2 && keys.length) delete out[key];
    else if (roll < 3) out[rng.pick(EXTRA_KEYS)] = hostileValue(rng);
    else if (roll < 6 && field)
      out[key] = validValue(
        field,
        rng,
        { length: rng.pick(['max', 'over'] as const), palette: rng.pick(paletteNames) },
        pools,
      );
    else out[key] = hostileValue(rng);
  }
  return out;
}
