import { createHash, createHmac, randomBytes } from 'node:crypto';
import { DRAW_RULE, type PublicDraw } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawOrder, verifyDraw } from './verify';

// The vectors are made here with node:crypto, straight from the rule's words, never with the
// page's own functions: the page must agree with an independent reading of DRAW_RULE.

const { subtle } = globalThis.crypto;

/** A record as the API publishes it; `passedOver` places before the winner, the odd ones skipped. */
function published(seed: Buffer, entrants: number, passedOver = 0): PublicDraw {
  const numbers = Array.from({ length: entrants }, (_, i) => i + 1);
  const score = (n: number) => createHmac('sha256', seed).update(String(n), 'ascii').digest('hex');
  const order = numbers
    .map((n) => ({ n, s: score(n) }))
    .sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : a.n - b.n))
    .map((x) => x.n);
  return {
    showItemId: '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11',
    drawId: '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22',
    itemTitle: 'Raven Tanto',
    showTitle: 'Night Forge',
    status: 'drawn',
    commitment: createHash('sha256').update(seed).digest('hex'),
    seed: seed.toString('hex'),
    rule: DRAW_RULE,
    openedAt: '2026-03-04T12:00:00.000Z',
    closesAt: '2026-03-04T12:00:30.000Z',
    closedAt: '2026-03-04T12:00:30.000Z',
    entries: numbers.map((n) => ({ entryNumber: n, pseudonym: `Amber Falcon ${n}` })),
    order,
    winnerEntryNumber: order[passedOver] ?? null,
    declinedEntryNumbers: order.slice(0, passedOver).filter((_, i) => i % 2 === 0),
    skippedEntryNumbers: order.slice(0, passedOver).filter((_, i) => i % 2 === 1),
    entryCount: entrants,
  };
}

const SEED = Buffer.from('8f3b0c6e1d2a4f5b9c7e0a1b2c3d4e5f60718293a4b5c6d7e8f9001122334455', 'hex');

describe("the draw page's own check", () => {
  it('hashes the seed bytes, not their hex text, as node does', async () => {
    expect(await commitmentOf(subtle, SEED.toString('hex'))).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(await commitmentOf(subtle, SEED.toString('hex'))).not.toBe(
      createHash('sha256').update(SEED.toString('hex')).digest('hex'),
    );
  });

  it('orders entries as HMAC-SHA256 over the decimal entry number, for random seeds and 2,000 entries', async () => {
    for (const seed of [SEED, randomBytes(32), randomBytes(32)]) {
      const draw = published(seed, 2000);
      const order = await drawOrder(
        subtle,
        seed.toString('hex'),
        draw.entries.map((e) => e.entryNumber),
      );
      expect(order).toEqual(draw.order);
      // Not numeric order by accident.
      expect(order).not.toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('verifies an honest record and names its winner, after the declined and the skipped', async () => {
    const draw = published(SEED, 300, 3);
    expect(draw.declinedEntryNumbers).toHaveLength(2);
    expect(draw.skippedEntryNumbers).toHaveLength(1);
    expect(await verifyDraw(draw, subtle)).toEqual({
      state: 'verified',
      entrants: 300,
      winnerEntryNumber: draw.order[3],
    });
  });

  it('fails a seed that does not match the commitment', async () => {
    const draw = { ...published(SEED, 20), seed: randomBytes(32).toString('hex') };
    const result = await verifyDraw(draw, subtle);
    expect(result.state).toBe('failed');
    expect(result.state === 'failed' && result.problems.join(' ')).toMatch(/not the commitment published/);
  });

  it('fails an order the seed does not give, saying where it differs', async () => {
    const honest = published(SEED, 20);
    const [a, b, ...rest] = honest.order;
    const swapped = { ...honest, order: [b, a, ...rest] as number[], winnerEntryNumber: b ?? null };
    const result = await verifyDraw(swapped, subtle);
    expect(result.state).toBe('failed');
    expect(result.state === 'failed' && result.problems[0]).toBe(
      `The published order differs from the seed's at position 1: entry #${b} is published where the seed puts entry #${a}.`,
    );
  });

  it('fails a winner who is not the next in the order after the entrants passed over', async () => {
    const honest = published(SEED, 20, 1);
    const wrong = { ...honest, winnerEntryNumber: honest.order[5] ?? null };
    const result = await verifyDraw(wrong, subtle);
    expect(result).toEqual({
      state: 'failed',
      problems: [
        `Entry #${honest.order[5]} is published as the winner, but the next in the order after the entrants passed over is entry #${honest.order[1]}.`,
      ],
    });
    // Someone further down declined instead of the first in the order: the order was not followed.
    const jumped = { ...honest, declinedEntryNumbers: [honest.order[3] ?? 0] };
    expect((await verifyDraw(jumped, subtle)).state).toBe('failed');
    // Declined and skipped out of their order, or one entrant both.
    const twoAhead = published(SEED, 20, 3);
    const [a, b, c] = twoAhead.order as [number, number, number];
    expect((await verifyDraw({ ...twoAhead, declinedEntryNumbers: [c, a] }, subtle)).state).toBe('failed');
    expect(
      (await verifyDraw({ ...twoAhead, declinedEntryNumbers: [a, c], skippedEntryNumbers: [a] }, subtle)).state,
    ).toBe('failed');
    expect(
      (await verifyDraw({ ...twoAhead, declinedEntryNumbers: [a, c], skippedEntryNumbers: [b] }, subtle)).state,
    ).toBe('verified');
  });

  it('fails a count that is not the number of entries listed', async () => {
    expect(await verifyDraw({ ...published(SEED, 20), entryCount: 21 }, subtle)).toEqual({
      state: 'failed',
      problems: ['The record counts 21 entries but lists 20.'],
    });
  });

  it('fails an entrant left out of the published order, and a rule other than the one it checks', async () => {
    const honest = published(SEED, 20);
    expect((await verifyDraw({ ...honest, order: honest.order.slice(0, 19) }, subtle)).state).toBe('failed');
    const reworded = await verifyDraw({ ...honest, rule: `${DRAW_RULE} Or not.` }, subtle);
    expect(reworded).toEqual({ state: 'failed', problems: ['The published rule is not the rule this page checks.'] });
  });

  it('verifies a draw with no winner only when every entrant was passed over', async () => {
    const honest = published(SEED, 3, 3);
    expect(honest.winnerEntryNumber).toBeNull();
    expect((await verifyDraw({ ...honest, status: 'no_winner' }, subtle)).state).toBe('verified');
    const nobody = { ...published(SEED, 0), status: 'no_winner' as const };
    expect(await verifyDraw(nobody, subtle)).toEqual({ state: 'verified', entrants: 0, winnerEntryNumber: null });
    const early = { ...published(SEED, 3, 1), status: 'no_winner' as const, winnerEntryNumber: null };
    expect((await verifyDraw(early, subtle)).state).toBe('failed');
  });

  it('checks only the commitment of a draw a reset cancelled: it drew nobody, so it has no order', async () => {
    const entered = published(SEED, 3);
    const cancelled = { ...entered, status: 'cancelled' as const, order: [], winnerEntryNumber: null };
    expect(await verifyDraw(cancelled, subtle)).toEqual({ state: 'verified', entrants: 0, winnerEntryNumber: null });
    const other = randomBytes(32).toString('hex');
    expect((await verifyDraw({ ...cancelled, seed: other }, subtle)).state).toBe('failed');
  });

  it('waits for the seed while the window is open, and says so when the browser has no WebCrypto', async () => {
    const open = {
      ...published(SEED, 5),
      status: 'open' as const,
      seed: null,
      order: [],
      entries: [],
      entryCount: null,
    };
    expect(await verifyDraw(open, subtle)).toEqual({
      state: 'pending',
    });
    expect(await verifyDraw(published(SEED, 5), null)).toEqual({ state: 'unsupported' });
  });

  it('refuses a seed that is not 64 lowercase hex digits', async () => {
    const upper = { ...published(SEED, 5), seed: SEED.toString('hex').toUpperCase() };
    expect((await verifyDraw(upper, subtle)).state).toBe('failed');
  });
});
