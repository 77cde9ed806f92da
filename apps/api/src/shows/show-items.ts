import {
  type AdminShowItem,
  type CreateShowItemBody,
  showMessages,
  type TestProduct,
  type UpdateShowItemBody,
} from '@vault/contracts';
import { newItemStatus } from '@vault/show';
import type { z } from 'zod';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { heartCounts } from '../hearts';
import {
  findShowItemForUpdate,
  insertShowItem,
  listAllItems,
  listTestProducts,
  lockShow,
  nextOrderIndex,
  showIdOfItem,
  updateShowItem,
} from './repository';
import { editedItemSaleMode, newItemSaleMode } from './sale-mode';
import { toAdminItem } from './shows';

/** The whole inventory, newest first. */
export async function listInventory(deps: Pick<ServiceDeps, 'db'>): Promise<AdminShowItem[]> {
  const items = await listAllItems(deps.db);
  const hearts = await heartCounts(
    deps.db,
    items.map((item) => item.id),
  );
  return items.map((item) => toAdminItem(item, hearts.get(item.id)));
}

/** A new item at the end of a show's lineup (the admin's Add Show Item form). */
export async function addShowItem(
  deps: Pick<ServiceDeps, 'db' | 'driver'>,
  body: z.output<typeof CreateShowItemBody>,
): Promise<AdminShowItem> {
  const item = await withTransaction(deps.db, async (trx) => {
    // Locked so two items added at once get distinct positions.
    const show = await lockShow(trx, body.showId);
    if (!show) throw new AppError(400, 'invalid_request', showMessages.showRequired);
    const saleMode = newItemSaleMode(show, body);
    return insertShowItem(trx, {
      showId: show.id,
      title: body.title,
      description: body.description ?? null,
      price: body.price,
      mainVideoUrl: body.mainVideoUrl ?? null,
      imageUrls: body.imageUrls,
      category: body.category ?? null,
      bladeType: body.bladeType ?? null,
      steelType: body.steelType ?? null,
      blade: body.blade ?? null,
      handlesSpec: body.handlesSpec ?? null,
      hardwareSpec: body.hardwareSpec ?? null,
      clipSpec: body.clipSpec ?? null,
      breakerSpec: body.breakerSpec ?? null,
      legalClass: body.legalClass,
      bladeLength: body.bladeLength,
      ...saleMode,
      orderIndex: await nextOrderIndex(trx, show.id),
      status: newItemStatus(show.kind),
    });
  });
  // The lineup members see may have grown.
  await deps.driver.notify(item.showId);
  return toAdminItem(item);
}

/**
 * Edits an item's fields (the inventory's Edit Item). A sold item keeps the price its buyer paid;
 * everything else, its legal class included, may still be corrected. A live show's screens and
 * their eligibility verdicts read the item from each instance's snapshot, and a test product's Buy
 * from each instance's copy of them: they reload it at once.
 */
export async function editShowItem(
  deps: Pick<ServiceDeps, 'db' | 'driver' | 'bus' | 'log'>,
  id: string,
  body: z.output<typeof UpdateShowItemBody>,
): Promise<AdminShowItem> {
  const { item, showKind } = await withTransaction(deps.db, async (trx) => {
    const owner = await showIdOfItem(trx, id);
    if (!owner) throw new AppError(404, 'not_found', showMessages.itemNotFound);
    // The show first (as a show edit locks it before its items): its time per item cannot change
    // under a new draw window, nor the window under a new time per item.
    await lockShow(trx, owner.showId);
    // Locked: a Buy claiming the item waits, or has already marked it sold.
    const current = await findShowItemForUpdate(trx, id);
    if (!current) throw new AppError(404, 'not_found', showMessages.itemNotFound);
    if (body.price !== undefined && body.price !== current.price && current.status === 'sold') {
      throw new AppError(409, 'conflict', showMessages.soldPrice);
    }
    // The sale mode and window are written as settled against the show, never as sent.
    const changes = Object.fromEntries(
      Object.entries(body).filter(([key, v]) => v !== undefined && key !== 'saleMode' && key !== 'drawWindowSeconds'),
    );
    const saleMode = editedItemSaleMode(
      { kind: current.showKind, perKnifeSeconds: current.perKnifeSeconds },
      current,
      body,
    );
    return {
      item: await updateShowItem(trx, id, { ...changes, ...saleMode, updatedAt: new Date() }),
      showKind: current.showKind,
    };
  });
  if (showKind === 'live') await deps.driver.notify(item.showId);
  // A test product's class is judged from each instance's copy of them: they reload it.
  if (showKind === 'test_products') {
    await deps.bus
      .publish('sales', { type: 'test-products.changed' })
      .catch((error: unknown) => deps.log.error({ err: error }, 'publishing a test products change failed'));
  }
  return toAdminItem(item, (await heartCounts(deps.db, [item.id])).get(item.id));
}

/** The $1 products still for sale, oldest first (the test product grid below a closed vault). */
export function testProducts(deps: Pick<ServiceDeps, 'db'>): Promise<TestProduct[]> {
  return listTestProducts(deps.db);
}
