import { type AdminShowItem, purchaseMessages, type RelistBody, relistMessages, showMessages } from '@vault/contracts';
import type { ShowItem } from '@vault/db';
import { ensureTestProductsShow, newItemStatus } from '@vault/show';
import type { z } from 'zod';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { lockShow, nextOrderIndex, toAdminItem } from '../shows';
import { findPurchaseItem, insertRelistedItem, testProductsChanged } from '../test-products';

/** What a relisted item takes over from the voided one: everything a member sees of it. */
function copiedFields(item: ShowItem) {
  return {
    title: item.title,
    description: item.description,
    price: item.price,
    mainVideoUrl: item.mainVideoUrl,
    imageUrls: item.imageUrls,
    category: item.category,
    bladeType: item.bladeType,
    steelType: item.steelType,
    blade: item.blade,
    handlesSpec: item.handlesSpec,
    hardwareSpec: item.hardwareSpec,
    clipSpec: item.clipSpec,
    breakerSpec: item.breakerSpec,
    legalClass: item.legalClass,
    bladeLength: item.bladeLength,
    relistedFromItemId: item.id,
  };
}

/**
 * Puts a voided purchase's item on sale again as a new item: at the end of a show's lineup
 * (queued), or as a test product (available at once). The old item and its purchase stay as
 * they are: they are the sale's history. Once per item: the unique relisted_from_item_id decides,
 * also between two admins relisting at the same moment.
 */
export async function relistPurchase(
  deps: Pick<ServiceDeps, 'db' | 'driver' | 'bus' | 'log'>,
  purchaseId: string,
  body: z.output<typeof RelistBody>,
): Promise<AdminShowItem> {
  const found = await findPurchaseItem(deps.db, purchaseId);
  if (!found) throw new AppError(404, 'not_found', purchaseMessages.notFound);
  // Voided is final: an authorised purchase may still be captured, a completed one was paid.
  if (found.purchaseStatus !== 'voided') throw new AppError(409, 'conflict', relistMessages.notVoided);

  const showId = body.target === 'show' ? body.showId : await ensureTestProductsShow(deps.db);
  const relisted = await withTransaction(deps.db, async (trx) => {
    // Locked: the lineup position is taken once, and the show cannot start in between.
    const show = await lockShow(trx, showId);
    if (!show || (body.target === 'show' && show.kind !== 'live')) {
      throw new AppError(404, 'not_found', showMessages.notFound);
    }
    if (show.status === 'running' || show.status === 'paused') {
      throw new AppError(409, 'conflict', relistMessages.showLive);
    }
    const inserted = await insertRelistedItem(trx, {
      ...copiedFields(found),
      ...(body.target === 'test_products' && body.price ? { price: body.price } : {}),
      showId,
      orderIndex: await nextOrderIndex(trx, showId),
      status: newItemStatus(show.kind),
    });
    if (!inserted) throw new AppError(409, 'conflict', relistMessages.alreadyRelisted);
    return inserted;
  });
  // The lineup members preview (and admins manage) has grown, or the test products a Buy may name.
  if (body.target === 'show') await deps.driver.notify(showId);
  else await testProductsChanged(deps);
  return toAdminItem(relisted);
}
