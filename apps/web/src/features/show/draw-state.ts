import type { CurrentDraw, CurrentItem } from '@vault/contracts';

/**
 * Where a draw item's draw stands for this member:
 * - open: entries are taken (entryNumber: theirs once entered; msLeft null while paused);
 * - drawing: the window has closed and the order is being charged;
 * - won / lost: drawn, and the item is theirs, or another entrant's while they had entered;
 * - sold: drawn, and they had not entered (Sold, as for any item);
 * - no_winner: nobody entered, or every entrant's card was declined;
 * - cancelled: the show was reset before the window closed.
 */
export type DrawStage =
  | { stage: 'open'; entryNumber: number | null; msLeft: number | null }
  | { stage: 'drawing'; entryNumber: number | null }
  | { stage: 'won' }
  | { stage: 'lost'; entryNumber: number | null }
  | { stage: 'sold' }
  | { stage: 'no_winner'; entryNumber: number | null }
  | { stage: 'cancelled' };

/** The member's entry number, if they entered (from their Buy's answer or the polled state). */
const entryOf = (draw: CurrentDraw): number | null => (draw.entered ? draw.entryNumber : null);

/**
 * The stage of the current item's draw, from the view (its status, buyer and draw) and the window's
 * time left by the server's clock (null while paused); undefined for an item sold by first press.
 * A window the clock says has closed reads as drawing before the server says so, so nobody presses
 * into a window that is shut.
 */
export function drawStage(
  item: Pick<CurrentItem, 'status' | 'soldToUserId' | 'draw'>,
  userId: string | undefined,
  windowMsLeft: number | null,
): DrawStage | undefined {
  const { draw } = item;
  if (!draw) return undefined;
  const entryNumber = entryOf(draw);
  if (item.status === 'sold' || draw.status === 'drawn') {
    if (userId !== undefined && item.soldToUserId === userId) return { stage: 'won' };
    return draw.entered ? { stage: 'lost', entryNumber } : { stage: 'sold' };
  }
  if (draw.status === 'no_winner') return { stage: 'no_winner', entryNumber };
  if (draw.status === 'cancelled') return { stage: 'cancelled' };
  if (draw.status === 'drawing' || windowMsLeft === 0) return { stage: 'drawing', entryNumber };
  return { stage: 'open', entryNumber, msLeft: windowMsLeft };
}

/** A commitment short enough for a phone's line, both ends kept so it can be matched by eye. */
export function shortHash(hex: string): string {
  return hex.length <= 20 ? hex : `${hex.slice(0, 10)}…${hex.slice(-6)}`;
}
