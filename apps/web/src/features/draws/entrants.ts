import type { PublicDraw } from '@vault/contracts';

/** How many rows of the order show before the reader asks for all of them. */
export const FIRST_ROWS = 100;

/** winner; declined (their card was); skipped (could no longer buy when their turn came). */
export type Outcome = 'winner' | 'declined' | 'skipped' | null;

export interface EntrantRow {
  /** 1-based place in the drawn order; null before the order is published. */
  position: number | null;
  entryNumber: number;
  pseudonym: string;
  outcome: Outcome;
}

/**
 * The entrants as the page lists them: in the drawn order once there is one (the winner and those
 * passed over before them marked), else by entry number.
 */
export function entrantRows(draw: PublicDraw): EntrantRow[] {
  const names = new Map(draw.entries.map((e) => [e.entryNumber, e.pseudonym]));
  const declined = new Set(draw.declinedEntryNumbers);
  const skipped = new Set(draw.skippedEntryNumbers);
  const outcome = (n: number): Outcome => {
    if (n === draw.winnerEntryNumber) return 'winner';
    if (declined.has(n)) return 'declined';
    return skipped.has(n) ? 'skipped' : null;
  };
  if (draw.order.length > 0) {
    return draw.order.map((entryNumber, i) => ({
      position: i + 1,
      entryNumber,
      pseudonym: names.get(entryNumber) ?? '',
      outcome: outcome(entryNumber),
    }));
  }
  return [...draw.entries]
    .sort((a, b) => a.entryNumber - b.entryNumber)
    .map((e) => ({
      position: null,
      entryNumber: e.entryNumber,
      pseudonym: e.pseudonym,
      outcome: outcome(e.entryNumber),
    }));
}

/**
 * The rows to show: the one entry searched for (by its number; digits only, so "#17" finds 17), or
 * the first FIRST_ROWS, or every row when asked. `total` is how many the list holds.
 */
export function visibleRows(
  rows: readonly EntrantRow[],
  { query, showAll }: { query: string; showAll: boolean },
): { rows: readonly EntrantRow[]; searching: boolean; total: number } {
  const digits = query.replace(/\D/g, '');
  if (digits !== '') {
    const wanted = Number(digits);
    return { rows: rows.filter((r) => r.entryNumber === wanted), searching: true, total: rows.length };
  }
  return { rows: showAll ? rows : rows.slice(0, FIRST_ROWS), searching: false, total: rows.length };
}
