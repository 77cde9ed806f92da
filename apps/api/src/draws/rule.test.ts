import { createHash, createHmac } from 'node:crypto';
import { newSeed } from '@vault/show';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawOrder, pseudonymMaker, scoreOf } from './rule';

// The draw rule against node:crypto applied by hand, as the rule's text says, so a change to how
// the rule is applied (the key, the message's spelling, the sort) fails here before it reaches a draw.

const SEED = `${'00'.repeat(31)}01`;

describe('the draw rule', () => {
  it('commits to SHA-256 of the seed bytes, as the clock does when it opens a draw', () => {
    expect(commitmentOf(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    const { seed, commitment } = newSeed();
    expect(commitmentOf(seed)).toBe(commitment);
  });

  it('scores entry n with HMAC-SHA256 keyed by the seed bytes over "n" in decimal', () => {
    const key = Buffer.from(SEED, 'hex');
    expect(scoreOf(key, 17)).toBe(createHmac('sha256', key).update('17').digest('hex'));
    // Not the hex string as the key, not a number's bytes as the message.
    expect(scoreOf(key, 17)).not.toBe(createHmac('sha256', SEED).update('17').digest('hex'));
  });

  it('orders entries by score, lowest first, whatever order they come in', () => {
    const key = Buffer.from(SEED, 'hex');
    const numbers = Array.from({ length: 50 }, (_, i) => i + 1);
    const expected = [...numbers].sort((a, b) => scoreOf(key, a).localeCompare(scoreOf(key, b)));
    expect(drawOrder(SEED, numbers)).toEqual(expected);
    expect(drawOrder(SEED, [...numbers].reverse())).toEqual(expected);
    expect(drawOrder(SEED, [])).toEqual([]);
    // A different seed, a different order: the seed alone decides.
    expect(drawOrder('ff'.repeat(32), numbers)).not.toEqual(expected);
  });

  it('names an entrant per draw, never by email or id, and differently in each draw', () => {
    const name = pseudonymMaker('a-server-secret-of-at-least-32-chars');
    const user = '7d5b8a10-5a55-4c4b-9bd4-2f5c3f2d1e00';
    const first = name('11111111-1111-4111-8111-111111111111', user);
    expect(first).toMatch(/^Entrant [0-9a-f]{8}$/);
    expect(first).not.toContain(user.slice(0, 8));
    expect(name('11111111-1111-4111-8111-111111111111', user)).toBe(first);
    expect(name('22222222-2222-4222-8222-222222222222', user)).not.toBe(first);
    // Another install's secret cannot reproduce it.
    expect(
      pseudonymMaker('another-server-secret-at-least-32-chars')('11111111-1111-4111-8111-111111111111', user),
    ).not.toBe(first);
  });
});
