import type { z } from 'zod';

/**
 * A small, seeded generator of request bodies from the zod schemas the routes declare. It knows
 * the shapes zod 4 gives our contracts (objects, strings with lengths, formats and refinements,
 * numbers with bounds, enums, unions, pipes, defaults), and aims at what breaks a database:
 * boundary lengths, NUL and control characters, text that grows when lower-cased, astral and
 * combining characters, wrong types, huge numbers and money below a cent. Same seed, same bodies,
 * so a failure reproduces.
 */

export interface Rng {
  next(): number;
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: tiny, fast, and good enough to spread test cases. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
  };
}

/** Ways a string can surprise a database, each a list of tokens to build text from. */
const palettes = {
  ascii: ['a', 'b', 'k', 'n', 'i', 'f', 'e', 'S', 'T', '0', '7', '-', '.', '_'],
  spaced: ['knife', ' ', 'steel', ' ', 'Blade', ' '],
  // Lower-cases to "i" + U+0307: two UTF-16 units for one.
  dotted: ['İ'],
  emoji: ['🔪', '🗡️', '👩‍👩‍👧', '🇺🇸'],
  combining: ['e\u0301', 'a\u0308\u0323', 'Z\u0351\u036b\u0343\u036a'],
  rtl: ['م', 'ر', 'ح', 'ב', '\u202e', '\u200f'],
  cjk: ['刀', '鋼', '日', '本'],
  nul: ['a', 'b', '\u0000'],
  control: ['a', '\u0001', '\u001b', '\u007f', '\u0008', '\u2028'],
  surrogate: ['a', '\ud83d', 'b', '\udc00'],
  sql: ["'", '"', ';', '--', '\\', '%', '_'],
} as const;
type Palette = keyof typeof palettes;
const paletteNames = Object.keys(palettes) as Palette[];

/** Text of exactly `length` UTF-16 units (what zod's .max counts), from one palette. */
function textOf(rng: Rng, length: number, palette: Palette): string {
  const tokens = palettes[palette];
  let text = '';
  while (text.length < length) text += rng.pick(tokens);
  return text.slice(0, length);
}

// ---- reading a zod schema ----------------------------------------------------------------------

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  shape?: Record<string, Schema>;
  element?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  coerce?: boolean;
  checks?: Array<{ _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } } }>;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/default/nullable wrappers and on the input side of pipes. */
function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && defOf(def.in).type !== 'transform') current = def.in;
    else return current;
  }
}

/** A string format anywhere along a pipe (`z.string().min(1).pipe(z.uuid())` is a uuid). */
function formatOf(schema: Schema): string | undefined {
  let current: Schema | undefined = schema;
  while (current) {
    const def = defOf(current);
    if (def.format) return def.format;
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.out && defOf(def.out).format ? def.out : def.in;
    else return undefined;
  }
  return undefined;
}

/** Length or value bounds from the checks of the (unwrapped) schema. */
function boundsOf(schema: Schema): { min?: number; max?: number; int: boolean } {
  const def = defOf(unwrap(schema));
  let min: number | undefined;
  let max: number | undefined;
  let int = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def as { check: string; minimum?: number; maximum?: number; value?: number; format?: string };
    if (c.check === 'min_length' || c.check === 'length_equals') min = Math.max(min ?? 0, c.minimum ?? 0);
    if (c.check === 'max_length' || c.check === 'length_equals') max = Math.min(max ?? Infinity, c.maximum ?? Infinity);
    if (c.check === 'greater_than') min = c.value;
    if (c.check === 'less_than') max = c.value;
    if (c.check === 'number_format' && c.format?.includes('int')) int = true;
  }
  return { min, max, int };
}

// ---- values --------------------------------------------------------------------------------------

export interface FuzzPools {
  /** Ids that exist in the database, so a valid body reaches deep into a handler. */
  uuids: string[];
}

const randomUuid = (rng: Rng) => 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => rng.int(16).toString(16));

const MONEY = [
  '0.001',
  '0.004',
  '0.005',
  '0.009',
  '0.01',
  '1',
  '1.5',
  '12.345',
  '99999999.99',
  '99999999.995',
  '99999999.999',
  '100000000',
  '0',
  '0.00',
  '-1',
  '1e3',
  '1e-3',
  '0x10',
  ' 7 ',
  '00001.10',
  '.5',
  '5.',
  '1,000.00',
  '١٢',
] as const;
const DATES = [
  '2030-01-01T12:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1969-12-31T23:59:59Z',
  '2024-02-30T10:00:00Z',
  '2030-01-01T25:61:00Z',
  '2030-01-01T12:00:00+14:00',
  '2030-01-01T12:00',
] as const;

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

/** Anything at all, of the wrong type as often as not. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  const pick = rng.int(24);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return true;
    case 2:
      return 0;
    case 3:
      return -1;
    case 4:
      return 0.001;
    case 5:
      return 1e308;
    case 6:
      return 2 ** 31;
    case 7:
      return -(2 ** 63);
    case 8:
      return Number.MAX_SAFE_INTEGER + 2;
    case 9:
      return '';
    case 10:
      return '\u0000';
    case 11:
      return textOf(rng, 10_000, 'ascii');
    case 12:
      return textOf(rng, 300, rng.pick(paletteNames));
    case 13:
      return depth > 3 ? [] : [hostileValue(rng, depth + 1)];
    case 14:
      return depth > 3 ? {} : { [rng.pick(['$gt', '__proto__', 'constructor', 'a'])]: hostileValue(rng, depth + 1) };
    case 15:
      return rng.pick(MONEY);
    case 16:
      return rng.pick(DATES);
    case 17:
      return "'; drop table users; --";
    case 18:
      return '00000000-0000-0000-0000-000000000000';
    case 19:
      return 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF';
    case 20:
      return '{12345678-1234-1234-1234-123456789abc}';
    case 21:
      return textOf(rng, 1 + rng.int(40), rng.pick(['nul', 'control', 'surrogate', 'dotted'] as const));
    case 22:
      return -0.5;
    default:
      return ' ';
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

export interface RawBody {
  payload: string;
  contentType?: string;
}

/** Whole bodies that are not the object a route expects, or are not JSON at all. */
export function oddBody(rng: Rng, valid: unknown): RawBody {
  const json = JSON.stringify(valid ?? {});
  const options: RawBody[] = [
    { payload: 'null' },
    { payload: '[]' },
    { payload: '"text"' },
    { payload: '123' },
    { payload: 'true' },
    { payload: `[${json}]` },
    { payload: '{' },
    { payload: '{"a":' },
    { payload: '' },
    { payload: '\u0000' },
    { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
    { payload: `\uFEFF${json}` },
    { payload: json, contentType: 'text/plain' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: json, contentType: 'application/json; charset=utf-16' },
    { payload: json, contentType: 'multipart/form-data; boundary=x' },
    { payload: json, contentType: 'application/vnd.api+json' },
    { payload: json, contentType: 'application/json;;;' },
    { payload: `{"a":"${'x'.repeat(70 * 1024)}"}` },
    { payload: '{"a":1,"a":2}' },
    { payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}' },
    { payload: json.replace(/"/g, "'") },
    { payload: '{"a":"\\u0000"}' },
    { payload: '{"a":"\\ud800"}' },
    { payload: '1e999999' },
  ];
  return rng.pick(options);
}
