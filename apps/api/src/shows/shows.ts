import type { AdminShow, AdminShowItem, CreateShowBody, ScheduleShowBody, UpdateShowBody } from '@vault/contracts';
import { showMessages } from '@vault/contracts';
import type { Show, ShowItem } from '@vault/db';
import { type ApplyResult, insertShow, updateShowFields } from '@vault/show';
import type { z } from 'zod';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { heartCounts } from '../hearts';
import {
  findRunningLiveShow,
  findShow,
  itemIdsOfShow,
  listLineup,
  listLineups,
  listLiveShows,
  lockShow,
  longestDrawWindow,
  setItemOrder,
} from './repository';
import { checkPerKnifeSeconds } from './sale-mode';

/** An item as admins see it, with its heart count (demand before the drop). */
export function toAdminItem(item: ShowItem, hearts = 0): AdminShowItem {
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
    legalClass: item.legalClass,
    bladeLength: item.bladeLength,
    hearts,
    saleMode: item.saleMode,
    drawWindowSeconds: item.drawWindowSeconds,
  };
}

function toAdminShow(show: Show, items: ShowItem[], hearts: Map<string, number>): AdminShow {
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
    soldHoldSeconds: show.soldHoldSeconds,
    purchaseCap: show.purchaseCap,
    nextInLine: show.nextInLine,
    lineup: items.map((item) => toAdminItem(item, hearts.get(item.id))),
  };
}

async function loadAdminShow(deps: Pick<ServiceDeps, 'db'>, showId: string): Promise<AdminShow> {
  const show = await findShow(deps.db, showId);
  if (!show) throw new AppError(404, 'not_found', showMessages.notFound);
  const items = await listLineup(deps.db, showId);
  return toAdminShow(
    show,
    items,
    await heartCounts(
      deps.db,
      items.map((item) => item.id),
    ),
  );
}

/** Live shows with their lineups, newest first. */
export async function listAdminShows(deps: Pick<ServiceDeps, 'db'>): Promise<AdminShow[]> {
  const shows = await listLiveShows(deps.db);
  const ids = shows.map((show) => show.id);
  const items = ids.length ? await listLineups(deps.db, ids) : [];
  const hearts = await heartCounts(
    deps.db,
    items.map((item) => item.id),
  );
  return shows.map((show) =>
    toAdminShow(
      show,
      items.filter((item) => item.showId === show.id),
      hearts,
    ),
  );
}

export async function createShow(
  deps: Pick<ServiceDeps, 'db'>,
  body: z.output<typeof CreateShowBody>,
): Promise<AdminShow> {
  const show = await insertShow(deps.db, {
    title: body.title,
    description: body.description ?? null,
    perKnifeSeconds: body.perKnifeSeconds,
    intermissionSeconds: body.intermissionSeconds,
    prerollSeconds: body.prerollSeconds,
    soldHoldSeconds: body.soldHoldSeconds,
    nextInLine: body.nextInLine,
  });
  return toAdminShow(show, [], new Map());
}

/** An engine refusal as the HTTP answer: unknown show 404, conflicts 409, invalid 400. */
function unwrap(result: ApplyResult): Extract<ApplyResult, { ok: true }> {
  if (result.ok) return result;
  const status = result.code === 'not_found' ? 404 : result.code === 'conflict' ? 409 : 400;
  throw new AppError(status, result.code, result.message);
}

/** The admin's controls of the clock. */
export async function runShowCommand(
  deps: Pick<ServiceDeps, 'driver' | 'notify' | 'log'>,
  showId: string,
  type: 'start' | 'reset',
): Promise<void> {
  unwrap(await deps.driver.command(showId, { type }));
  // Started by hand, perhaps before its launch time: members who asked hear now, not at the
  // launch time (the launch wake-up finds their emails already written and sends nothing twice).
  if (type === 'start') {
    deps.notify
      .showLaunched(showId)
      .catch((error: unknown) => deps.log.error({ err: error, showId }, 'launch reminders failed'));
  }
}

/** Pauses whichever live show is running; 409 when none is. */
export async function pauseLiveShow(deps: Pick<ServiceDeps, 'db' | 'driver'>): Promise<void> {
  const live = await findRunningLiveShow(deps.db);
  if (!live) throw new AppError(409, 'conflict', showMessages.noneRunning);
  unwrap(await deps.driver.command(live.id, { type: 'pause' }));
}

/** Sets or clears a show's launch time (the show manager's Schedule Show), through the clock. */
export async function scheduleShow(
  deps: Pick<ServiceDeps, 'db' | 'driver' | 'notify' | 'log'>,
  showId: string,
  body: z.output<typeof ScheduleShowBody>,
): Promise<AdminShow> {
  unwrap(
    await deps.driver.command(showId, {
      type: 'schedule',
      launchTime: Date.parse(body.launchTime),
      status: body.status,
    }),
  );
  // Reminders follow the launch time: a new time arms new wake-ups, and the old ones, finding
  // the show moved, send nothing. A failure here must not undo the schedule, which stands.
  await deps.notify
    .armReminders(showId)
    .catch((error: unknown) => deps.log.error({ err: error, showId }, 'arming show reminders failed'));
  return loadAdminShow(deps, showId);
}

/**
 * Edits a show: title, description and timings at any time (a live show uses new timings from
 * its next phase); the lineup order only while the show is not live, as the running clock counts
 * positions in it.
 */
export async function updateShow(
  deps: Pick<ServiceDeps, 'db' | 'driver'>,
  showId: string,
  body: z.output<typeof UpdateShowBody>,
): Promise<AdminShow> {
  await withTransaction(deps.db, async (trx) => {
    const show = await lockShow(trx, showId);
    if (!show) throw new AppError(404, 'not_found', showMessages.notFound);
    const { lineup, ...fields } = body;
    // Every draw item's window must still close in time under a shorter time per item.
    if (fields.perKnifeSeconds !== undefined && fields.perKnifeSeconds < show.perKnifeSeconds) {
      checkPerKnifeSeconds(fields.perKnifeSeconds, await longestDrawWindow(trx, showId));
    }
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length > 0) {
      await updateShowFields(trx, showId, { ...changes, updatedAt: new Date() });
    }
    if (lineup) {
      if (show.status === 'running' || show.status === 'paused') {
        throw new AppError(409, 'conflict', showMessages.lineupWhileLive);
      }
      const items = await itemIdsOfShow(trx, showId);
      const ids = new Set(items.map((i) => i.id));
      if (lineup.length !== ids.size || new Set(lineup).size !== ids.size || !lineup.every((id) => ids.has(id))) {
        throw new AppError(400, 'invalid_request', showMessages.lineupMismatch);
      }
      for (const [orderIndex, id] of lineup.entries()) {
        await setItemOrder(trx, id, orderIndex);
      }
    }
  });
  const show = await loadAdminShow(deps, showId);
  // The show screen lists the lineup: every instance refreshes what it shows.
  await deps.driver.notify(show.id);
  return show;
}
