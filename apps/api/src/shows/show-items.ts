import { type AdminShowItem, type CreateShowItemBody, showMessages, type TestProduct } from '@vault/contracts';
import { newItemStatus } from '@vault/show';
import type { z } from 'zod';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { heartCounts } from '../hearts';
import { insertShowItem, listAllItems, listTestProducts, lockShow, nextOrderIndex } from './repository';
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
      orderIndex: await nextOrderIndex(trx, show.id),
      status: newItemStatus(show.kind),
    });
  });
  // The lineup members see may have grown.
  await deps.driver.notify(item.showId);
  return toAdminItem(item);
}

/** The $1 products still for sale, oldest first (the test product grid below a closed vault). */
export function testProducts(deps: Pick<ServiceDeps, 'db'>): Promise<TestProduct[]> {
  return listTestProducts(deps.db);
}
