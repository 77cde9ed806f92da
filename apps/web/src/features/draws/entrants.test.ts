import { DRAW_RULE, type PublicDraw } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { entrantRows, FIRST_ROWS, visibleRows } from './entrants';

const draw = (entrants: number, over: Partial<PublicDraw> = {}): PublicDraw => {
  const numbers = Array.from({ length: entrants }, (_, i) => i + 1);
  return {
    showItemId: '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11',
    drawId: '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22',
    itemTitle: 'Raven Tanto',
    showTitle: 'Night Forge',
    status: 'drawn',
    commitment: 'c'.repeat(64),
    seed: 'd'.repeat(64),
    rule: DRAW_RULE,
    openedAt: '2026-03-04T12:00:00.000Z',
    closesAt: '2026-03-04T12:00:30.000Z',
    closedAt: '2026-03-04T12:00:30.000Z',
    entries: numbers.map((n) => ({ entryNumber: n, pseudonym: `Entrant ${n}` })),
    // Reversed: the drawn order is not the entry order.
    order: [...numbers].reverse(),
    winnerEntryNumber: entrants - 2,
    declinedEntryNumbers: [entrants],
    skippedEntryNumbers: [entrants - 1],
    entryCount: entrants,
    ...over,
  };
};

describe('the entrants list of the public draw page', () => {
  it('follows the drawn order, marking those passed over and the winner', () => {
    expect(entrantRows(draw(4))).toEqual([
      { position: 1, entryNumber: 4, pseudonym: 'Entrant 4', outcome: 'declined' },
      { position: 2, entryNumber: 3, pseudonym: 'Entrant 3', outcome: 'skipped' },
      { position: 3, entryNumber: 2, pseudonym: 'Entrant 2', outcome: 'winner' },
      { position: 4, entryNumber: 1, pseudonym: 'Entrant 1', outcome: null },
    ]);
  });

  it('lists by entry number while there is no order', () => {
    const unordered = draw(3, {
      order: [],
      winnerEntryNumber: null,
      declinedEntryNumbers: [],
      skippedEntryNumbers: [],
    });
    unordered.entries.reverse();
    expect(entrantRows(unordered).map((r) => [r.position, r.entryNumber])).toEqual([
      [null, 1],
      [null, 2],
      [null, 3],
    ]);
  });

  it(`shows the first ${FIRST_ROWS} of a long list until asked for all`, () => {
    const rows = entrantRows(draw(5000));
    const first = visibleRows(rows, { query: '', showAll: false });
    expect(first.rows).toHaveLength(FIRST_ROWS);
    expect(first.total).toBe(5000);
    expect(first.rows[0]?.entryNumber).toBe(5000);
    expect(visibleRows(rows, { query: '', showAll: true }).rows).toHaveLength(5000);
  });

  it('finds one entry by its number wherever it is in the order, or none', () => {
    const rows = entrantRows(draw(5000));
    expect(visibleRows(rows, { query: '#17', showAll: false })).toEqual({
      rows: [{ position: 4984, entryNumber: 17, pseudonym: 'Entrant 17', outcome: null }],
      searching: true,
      total: 5000,
    });
    expect(visibleRows(rows, { query: ' 17 ', showAll: true }).rows).toHaveLength(1);
    expect(visibleRows(rows, { query: '5001', showAll: false }).rows).toEqual([]);
    // Nothing a number can be made of: the list, not an empty search.
    expect(visibleRows(rows, { query: 'abc', showAll: false }).searching).toBe(false);
  });
});
