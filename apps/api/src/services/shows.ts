import { type AdminShow, type AdminShowItem, showMessages, type UpdateShowBody } from '@vault/contracts';
import type { Database, Show, ShowItem } from '@vault/db';
import type { ApplyResult } from '@vault/engine';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';

export function toAdminItem(item: ShowItem): AdminShowItem {
  return {
    id: item.id,
    showId: item.showId,
    title: item.title,
    name: item.title,
    description: item.description,
    price: item.price,
    status: item.status,
    orderIndex: item.orderIndex,
    imageUrls: item.imageUrls,
    mainVideoUrl: item.mainVideoUrl,
    category: item.category,
    bladeType: item.bladeType,
    soldToUserId: item.soldToUserId,
  };
}

export function toAdminShow(show: Show, items: ShowItem[]): AdminShow {
  return {
    id: show.id,
    title: show.title,
    description: show.description,
    status: show.status,
    phase: show.phase,
    currentIndex: show.currentIndex,
    launchTime: show.launchTime?.toISOString() ?? null,
    perKnifeSeconds: show.perKnifeSeconds,
    intermissionSeconds: show.intermissionSeconds,
    prerollSeconds: show.prerollSeconds,
    lineup: items.map(toAdminItem),
  };
}

export async function loadAdminShow(db: Kysely<Database>, showId: string): Promise<AdminShow> {
  const show = await db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirst();
  if (!show) throw new AppError(404, 'not_found', showMessages.notFound);
  const items = await db
    .selectFrom('showItems')
    .selectAll()
    .where('showId', '=', showId)
    .orderBy('orderIndex')
    .orderBy('createdAt')
    .execute();
  return toAdminShow(show, items);
}

/** An engine refusal as the HTTP answer: unknown show 404, conflicts 409, invalid 400. */
export function unwrap(result: ApplyResult): Extract<ApplyResult, { ok: true }> {
  if (result.ok) return result;
  const status = result.code === 'not_found' ? 404 : result.code === 'conflict' ? 409 : 400;
  throw new AppError(status, result.code, result.message);
}

/**
 * Edits a show: title, description and timings at any time (a live show uses new timings from
 * its next phase); the lineup order only while the show is not live, as the running clock counts
 * positions in it.
 */
export async function updateShow(
  db: Kysely<Database>,
  showId: string,
  body: z.output<typeof UpdateShowBody>,
): Promise<AdminShow> {
  await db.transaction().execute(async (trx) => {
    const show = await trx.selectFrom('shows').selectAll().where('id', '=', showId).forUpdate().executeTakeFirst();
    if (!show) throw new AppError(404, 'not_found', showMessages.notFound);
    const { lineup, ...fields } = body;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('shows')
        .set({ ...changes, updatedAt: new Date() })
        .where('id', '=', showId)
        .execute();
    }
    if (lineup) {
      if (show.status === 'running' || show.status === 'paused') {
        throw new AppError(409, 'conflict', showMessages.lineupWhileLive);
      }
      const items = await trx.selectFrom('showItems').select('id').where('showId', '=', showId).execute();
      const ids = new Set(items.map((i) => i.id));
      if (lineup.length !== ids.size || new Set(lineup).size !== ids.size || !lineup.every((id) => ids.has(id))) {
        throw new AppError(400, 'invalid', showMessages.lineupMismatch);
      }
      for (const [orderIndex, id] of lineup.entries()) {
        await trx.updateTable('showItems').set({ orderIndex, updatedAt: new Date() }).where('id', '=', id).execute();
      }
    }
  });
  return loadAdminShow(db, showId);
}
