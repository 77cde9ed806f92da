import { drawWindowIssue, type SaleMode, showMessages } from '@vault/contracts';
import type { Show, ShowItem } from '@vault/db';
import { AppError } from '../core/app-error';

// How an item is sold (first press or a draw with its entry window), checked against its show the
// same way on Add Show Item, Edit Show Item and a change of the show's time per item.

export interface SaleModeSetting {
  saleMode: SaleMode;
  drawWindowSeconds: number | null;
}

interface ItsShow {
  kind: Show['kind'];
  perKnifeSeconds: number;
}

/**
 * The sale mode a new item is stored with, or the 400 that refuses it. A first-press item keeps no
 * window (a window sent with it would only mislead a later switch to a draw).
 */
export function newItemSaleMode(
  show: ItsShow,
  body: { saleMode: SaleMode; drawWindowSeconds?: number | null | undefined },
): SaleModeSetting {
  return settled(show, body.saleMode, body.drawWindowSeconds);
}

/**
 * The sale mode an edited item ends with (what the body changes, the rest as it was), or
 * undefined when the body touches neither. An item on screen or sold keeps its own: its draw
 * opened with its window at the reveal, and a sold item's mode is the history of its sale.
 */
export function editedItemSaleMode(
  show: ItsShow,
  item: Pick<ShowItem, 'saleMode' | 'drawWindowSeconds' | 'status'>,
  body: { saleMode?: SaleMode | undefined; drawWindowSeconds?: number | null | undefined },
): SaleModeSetting | undefined {
  if (body.saleMode === undefined && body.drawWindowSeconds === undefined) return undefined;
  const saleMode = body.saleMode ?? item.saleMode;
  // Switching a draw to first press drops its window even when the body leaves it out.
  const window = body.drawWindowSeconds === undefined ? item.drawWindowSeconds : body.drawWindowSeconds;
  const next = settled(show, saleMode, window);
  const changed = next.saleMode !== item.saleMode || next.drawWindowSeconds !== item.drawWindowSeconds;
  if (changed && (item.status === 'showing' || item.status === 'sold')) {
    throw new AppError(409, 'conflict', showMessages.saleModeSettled);
  }
  return next;
}

function settled(show: ItsShow, saleMode: SaleMode, window: number | null | undefined): SaleModeSetting {
  if (saleMode === 'first_press') return { saleMode, drawWindowSeconds: null };
  // A test product is bought at any time with no reveal to open a draw on.
  if (show.kind === 'test_products') throw new AppError(400, 'invalid_request', showMessages.testProductDraw);
  const issue = drawWindowIssue(saleMode, window, show.perKnifeSeconds);
  if (issue) throw new AppError(400, 'invalid_request', issue);
  return { saleMode, drawWindowSeconds: window ?? null };
}

/**
 * A new time per item for a show whose unsold draw items have windows up to `longestWindow`: the
 * longest must still close in time, or the 400 names the time that was asked for.
 */
export function checkPerKnifeSeconds(perKnifeSeconds: number, longestWindow: number | null): void {
  if (longestWindow === null) return;
  const issue = drawWindowIssue('draw', longestWindow, perKnifeSeconds);
  if (issue) throw new AppError(400, 'invalid_request', issue);
}
