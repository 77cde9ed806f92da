import { describe, expect, it } from 'vitest';
import { applyJsonPatch, diffJson, type Json } from './json-patch';

/** A small deterministic generator, so a failure names a seed that reproduces it. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomValue(next: () => number, depth: number): Json {
  const pick = next();
  if (depth <= 0 || pick < 0.3) return [null, true, 42, 'x', '', 0][Math.floor(next() * 6)] ?? null;
  if (pick < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth - 1));
  return Object.fromEntries(['a', 'b', 'c'].map((k) => [k, randomValue(next, depth - 1)]));
}

/** A copy of `value` with a few random edits that keep every object's keys (as our views do). */
function mutate(value: Json, next: () => number): Json {
  if (next() < 0.15) return randomValue(next, 2);
  if (Array.isArray(value)) {
    const copy = value.map((v) => mutate(v, next));
    if (next() < 0.1) copy.push(randomValue(next, 1));
    return copy;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, next() < 0.5 ? mutate(v, next) : v]));
  }
  return value;
}

describe('JSON patches between views', () => {
  it('turns any document into any same-keyed edit of it, leaving the base untouched', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const next = random(seed);
      const before = randomValue(next, 4);
      const after = mutate(before, next);
      const frozen = JSON.stringify(before);
      const ops = diffJson(before, after);
      expect(applyJsonPatch(before, ops), `seed ${seed}`).toEqual(after);
      expect(JSON.stringify(before), `seed ${seed}`).toBe(frozen);
      // A JSON round trip (the wire) changes nothing.
      expect(applyJsonPatch(before, JSON.parse(JSON.stringify(ops))), `seed ${seed}`).toEqual(after);
    }
  });

  it('says a sale in a few deep ops, and shares what did not change', () => {
    const lineup = [0, 1, 2].map((i) => ({
      id: `k${i}`,
      status: i === 1 ? 'showing' : 'queued',
      imageUrls: [`${i}.jpg`],
    }));
    const before = { serverTime: 1, currentItem: { id: 'k1', status: 'showing', soldToUserId: null }, lineup };
    const after = {
      serverTime: 2,
      currentItem: { id: 'k1', status: 'sold', soldToUserId: 'u1' },
      lineup: lineup.map((item, i) => (i === 1 ? { ...item, status: 'sold' } : item)),
    };
    const ops = diffJson(before, after);
    expect(ops).toEqual([
      [['serverTime'], 2],
      [['currentItem', 'status'], 'sold'],
      [['currentItem', 'soldToUserId'], 'u1'],
      [['lineup', 1, 'status'], 'sold'],
    ]);
    const patched = applyJsonPatch(before, ops);
    expect(patched).toEqual(after);
    expect(patched.lineup[0]).toBe(before.lineup[0]);
    expect(diffJson(after, after)).toEqual([]);
  });

  it('refuses a patch that does not fit its base', () => {
    expect(() => applyJsonPatch({ a: 1 }, [[['b', 'c'], 2]])).toThrow(/does not fit/);
    expect(() => applyJsonPatch({ a: [1] }, [[['a', 3], 2]])).toThrow(/does not fit/);
    expect(() => applyJsonPatch({ a: 'text' }, [[['a', 'length'], 2]])).toThrow(/does not fit/);
  });
});
