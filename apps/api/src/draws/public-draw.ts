import { DRAW_RULE, type DrawStatus, drawMessages, type PublicDraw } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { Db } from '../core/db';
import { latestDrawOf, publicEntries } from './draws.repository';

/** Statuses after which the seed, the entries and the order are published. */
const ENDED: ReadonlySet<DrawStatus> = new Set(['drawn', 'no_winner', 'cancelled']);

/**
 * The public record of an item's latest draw (GET /api/draws/:showItemId). While it is open or
 * drawing only the commitment shows: the seed stays secret until the draw is over, and so do the
 * entries and their count. After it: the seed (anyone can check it against the commitment), every
 * entry under its pseudonym, the order the rule gives, the winner and who was passed over before.
 */
export async function publicDraw(db: Db, showItemId: string): Promise<PublicDraw> {
  const draw = await latestDrawOf(db, showItemId);
  if (!draw) throw new AppError(404, 'not_found', drawMessages.notFound);
  const ended = ENDED.has(draw.status);
  const entries = ended ? await publicEntries(db, draw.id) : [];
  const order = ended ? (draw.drawOrder ?? []) : [];
  const outcomes = new Map(entries.map((entry) => [entry.entryNumber, entry.outcome]));
  const passedOver = (outcome: 'declined' | 'skipped') => order.filter((n) => outcomes.get(n) === outcome);
  return {
    showItemId: draw.showItemId,
    drawId: draw.id,
    itemTitle: draw.itemTitle,
    showTitle: draw.showTitle,
    status: draw.status,
    commitment: draw.commitment,
    seed: ended ? draw.seed : null,
    rule: DRAW_RULE,
    openedAt: draw.openedAt.toISOString(),
    closesAt: draw.closesAt?.toISOString() ?? null,
    closedAt: draw.closedAt?.toISOString() ?? null,
    entries: entries.map(({ entryNumber, pseudonym }) => ({ entryNumber, pseudonym })),
    order,
    winnerEntryNumber: draw.winnerEntryNumber,
    declinedEntryNumbers: passedOver('declined'),
    skippedEntryNumbers: passedOver('skipped'),
    entryCount: ended ? (draw.entryCount ?? entries.length) : null,
  };
}
