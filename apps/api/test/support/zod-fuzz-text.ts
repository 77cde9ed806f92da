// The raw ingredients of the fuzzer's values: a seeded random source (same seed, same bodies, so a
// failure reproduces), string palettes that surprise a database, and awkward money and date texts.

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
export const palettes = {
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
export type Palette = keyof typeof palettes;
export const paletteNames = Object.keys(palettes) as Palette[];

/** Text of exactly `length` UTF-16 units (what zod's .max counts), from one palette. */
export function textOf(rng: Rng, length: number, palette: Palette): string {
  const tokens = palettes[palette];
  let text = '';
  while (text.length < length) text += rng.pick(tokens);
  return text.slice(0, length);
}

export const MONEY = [
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
export const DATES = [
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
