import { buyMessages, type HeartCount, type HeartsView, showMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { findShow, membersCanSee } from '../shows';
import { addHeart, findItemShow, heartOfItem, heartsOfShow, removeHeart } from './repository';

const ITEM_NOT_FOUND = new AppError(404, 'not_found', buyMessages.notFound);

/** A show's lineup with heart counts and the member's own hearts. */
export async function showHearts(deps: Pick<ServiceDeps, 'db'>, showId: string, userId: string): Promise<HeartsView> {
  const show = await findShow(deps.db, showId);
  // A show members cannot see is not found, rather than telling them it exists.
  if (!show || !membersCanSee(show)) throw new AppError(404, 'not_found', showMessages.notFound);
  return { showId, items: await heartsOfShow(deps.db, showId, userId) };
}

/** Hearts (`on`) or un-hearts an item: idempotent either way, so a double tap or a retry is harmless. */
export async function setHeart(
  deps: Pick<ServiceDeps, 'db'>,
  showItemId: string,
  userId: string,
  on: boolean,
): Promise<HeartCount> {
  const show = await findItemShow(deps.db, showItemId);
  // Every show members see takes hearts; an item of one they cannot see (a draft, an ended show)
  // is not found, as an unknown item: a 409 there told them the item exists.
  if (!show || !membersCanSee(show)) throw ITEM_NOT_FOUND;
  if (on) await addHeart(deps.db, showItemId, userId);
  else await removeHeart(deps.db, showItemId, userId);
  return heartOfItem(deps.db, showItemId, userId);
}
