import {
  type AdminTestProduct,
  type CreateTestProductBody,
  type MessageResponse,
  testProductMessages,
  type UpdateTestProductBody,
} from '@vault/contracts';
import { ensureTestProductsShow, newItemStatus } from '@vault/show';
import type { z } from 'zod';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { insertShowItem, lockShow, nextOrderIndex } from '../shows';
import {
  deleteUnboughtTestProduct,
  findTestProduct,
  listAllTestProducts,
  type TestProductRow,
  updateAvailableTestProduct,
} from './repository';

type Deps = Pick<ServiceDeps, 'db'>;
/** An admin's change, which every instance hears about. */
type ChangeDeps = Pick<ServiceDeps, 'db' | 'bus' | 'log'>;

/**
 * Tells every instance the test products changed: each holds those a Buy may name, with their legal
 * classes, and judges who may buy one from that copy. Sent after the commit, and never failing the
 * change, which stands (an instance reloads them on its next show change or unknown id anyway).
 */
export async function testProductsChanged(deps: Pick<ServiceDeps, 'bus' | 'log'>): Promise<void> {
  await deps.bus
    .publish('sales', { type: 'test-products.changed' })
    .catch((error: unknown) => deps.log.error({ err: error }, 'publishing a test products change failed'));
}

function toAdminTestProduct(row: TestProductRow): AdminTestProduct {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    category: row.category,
    bladeType: row.bladeType,
    imageUrls: row.imageUrls,
    legalClass: row.legalClass,
    bladeLength: row.bladeLength,
    status: row.status,
    purchaseCount: row.purchaseCount,
    relistedFromItemId: row.relistedFromItemId,
    createdAt: row.createdAt.toISOString(),
  };
}

async function load(deps: Deps, id: string): Promise<TestProductRow> {
  const row = await findTestProduct(deps.db, id);
  if (!row) throw new AppError(404, 'not_found', testProductMessages.notFound);
  return row;
}

/** Every test product, sold out ones included, newest first. */
export async function listTestProductsForAdmin(deps: Deps): Promise<AdminTestProduct[]> {
  return (await listAllTestProducts(deps.db)).map(toAdminTestProduct);
}

/** A new test product, on sale at once (members' GET /api/test-products reads the same rows). */
export async function createTestProduct(
  deps: ChangeDeps,
  body: z.output<typeof CreateTestProductBody>,
): Promise<AdminTestProduct> {
  const showId = await ensureTestProductsShow(deps.db);
  const item = await withTransaction(deps.db, async (trx) => {
    // Locked so two products added at once get distinct positions.
    await lockShow(trx, showId);
    return insertShowItem(trx, {
      showId,
      title: body.title,
      description: body.description ?? null,
      price: body.price,
      imageUrls: body.imageUrls,
      category: body.category ?? null,
      bladeType: body.bladeType ?? null,
      legalClass: body.legalClass,
      bladeLength: body.bladeLength,
      orderIndex: await nextOrderIndex(trx, showId),
      status: newItemStatus('test_products'),
    });
  });
  await testProductsChanged(deps);
  return toAdminTestProduct(await load(deps, item.id));
}

/** Edits a test product still for sale; one bought (or being bought) is history and stays as sold. */
export async function updateTestProduct(
  deps: ChangeDeps,
  id: string,
  body: z.output<typeof UpdateTestProductBody>,
): Promise<AdminTestProduct> {
  await load(deps, id);
  if (!(await updateAvailableTestProduct(deps.db, id, body))) {
    // Bought since it was read (or deleted: load answers 404 then).
    throw new AppError(409, 'conflict', testProductMessages.bought((await load(deps, id)).title));
  }
  await testProductsChanged(deps);
  return toAdminTestProduct(await load(deps, id));
}

/** Deletes a test product nobody bought or is buying. */
export async function deleteTestProduct(deps: ChangeDeps, id: string): Promise<MessageResponse> {
  await load(deps, id);
  if (await deleteUnboughtTestProduct(deps.db, id)) {
    await testProductsChanged(deps);
    return { message: testProductMessages.deleted };
  }
  // Refused: say why, from the row as it is now (load answers 404 if another admin deleted it).
  const product = await load(deps, id);
  throw new AppError(
    409,
    'conflict',
    product.purchaseCount > 0
      ? testProductMessages.hasPurchases(product.title)
      : testProductMessages.beingBought(product.title),
  );
}
