import { showMessages } from '@vault/contracts';
import { type Database, isUniqueViolation, type Show } from '@vault/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { cancelOpenDraws, freezeOpenDraws, openDrawIfDrawItem, thawOpenDraws } from './draws';
import { inLineupOrder } from './lineup';
import { type Effect, type MachineRefusal, nextWakeAt, type ShowCommand, type ShowState, transition } from './machine';

export type ApplyResult =
  | { ok: true; changed: boolean; state: ShowState; show: Show; wakeAt: number | null }
  | { ok: false; code: MachineRefusal | 'not_found'; message: string };

export function toMachineState(show: Show, itemCount: number): ShowState {
  return {
    status: show.status,
    phase: show.phase,
    currentIndex: show.currentIndex,
    itemCount,
    launchTime: show.launchTime?.getTime() ?? null,
    phaseEndsAt: show.phaseEndsAt?.getTime() ?? null,
    pausedRemainingMs: show.pausedRemainingMs,
    step: show.step,
    timings: {
      perKnifeMs: show.perKnifeSeconds * 1000,
      intermissionMs: show.intermissionSeconds * 1000,
      prerollMs: show.prerollSeconds * 1000,
      soldHoldMs: show.soldHoldSeconds * 1000,
    },
  };
}

async function applyEffects(trx: Transaction<Database>, show: Show, step: number, effects: Effect[], now: Date) {
  for (const effect of effects) {
    switch (effect.type) {
      case 'item-status':
        // Never un-sell: a sold item keeps its status whatever the clock does.
        await trx
          .updateTable('showItems')
          .set({ status: effect.status, updatedAt: now })
          .where('showId', '=', show.id)
          .where('status', '!=', 'sold')
          .where('id', '=', (eb) =>
            eb
              .selectFrom('showItems')
              .select('id')
              .where('showId', '=', show.id)
              .$call(inLineupOrder)
              .offset(effect.index)
              .limit(1),
          )
          .execute();
        if (effect.status === 'showing') await openDrawIfDrawItem(trx, show, effect.index, now);
        break;
      case 'requeue-unsold':
        await cancelOpenDraws(trx, show.id, now);
        // The presses of an item going back on sale were for a showing that is over: its next
        // reveal starts a new line (the member a declined winner's item passes to must have pressed
        // in this run) and new reaction times.
        await trx
          .deleteFrom('buyPresses')
          .where('showItemId', 'in', (eb) =>
            eb.selectFrom('showItems').select('id').where('showId', '=', show.id).where('status', '!=', 'sold'),
          )
          .execute();
        await trx
          .updateTable('showItems')
          .set({ status: 'queued', updatedAt: now })
          .where('showId', '=', show.id)
          .where('status', '!=', 'sold')
          .execute();
        break;
      case 'event':
        if (effect.name === 'paused') await freezeOpenDraws(trx, show.id, now);
        if (effect.name === 'resumed') await thawOpenDraws(trx, show.id, now);
        await trx
          .insertInto('showEvents')
          .values({ showId: show.id, step, type: effect.name, payload: JSON.stringify(effect.data), occurredAt: now })
          .execute();
        break;
    }
  }
}

/**
 * Applies one command to one show, atomically: re-reads the row (locked on Postgres; PGlite runs
 * transactions one at a time), runs the pure machine at `now`, writes the new state, the item
 * statuses and the show_events rows. `expectStep` makes a clock wake-up idempotent: a wake-up
 * scheduled for a step that has since moved on does nothing.
 */
export async function applyCommand(
  db: Kysely<Database>,
  showId: string,
  command: ShowCommand,
  now: Date,
  options: { expectStep?: number } = {},
): Promise<ApplyResult> {
  try {
    return await applyInTransaction(db, showId, command, now, options);
  } catch (error) {
    // shows_one_live_key: the database's own guarantee that only one show is live at a time.
    if (isUniqueViolation(error)) {
      return { ok: false, code: 'conflict', message: showMessages.alreadyLive };
    }
    throw error;
  }
}

function applyInTransaction(
  db: Kysely<Database>,
  showId: string,
  command: ShowCommand,
  now: Date,
  options: { expectStep?: number },
): Promise<ApplyResult> {
  return db.transaction().execute(async (trx) => {
    const show = await trx.selectFrom('shows').selectAll().where('id', '=', showId).forUpdate().executeTakeFirst();
    if (!show) return { ok: false as const, code: 'not_found' as const, message: showMessages.notFound };
    const count = await trx
      .selectFrom('showItems')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('showId', '=', showId)
      .executeTakeFirstOrThrow();
    const state = toMachineState(show, count.n);
    if (options.expectStep !== undefined && options.expectStep !== show.step) {
      return { ok: true as const, changed: false, state, show, wakeAt: nextWakeAt(state) };
    }
    const outcome = transition(state, command, now.getTime());
    if (!outcome.ok) return outcome;
    if (!outcome.changed) return { ok: true as const, changed: false, state, show, wakeAt: nextWakeAt(state) };
    const next = outcome.state;
    const updated = await trx
      .updateTable('shows')
      .set({
        status: next.status,
        phase: next.phase,
        currentIndex: next.currentIndex,
        launchTime: next.launchTime === null ? null : new Date(next.launchTime),
        phaseEndsAt: next.phaseEndsAt === null ? null : new Date(next.phaseEndsAt),
        pausedRemainingMs: next.pausedRemainingMs,
        step: next.step,
        updatedAt: now,
      })
      .where('id', '=', showId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await applyEffects(trx, show, next.step, outcome.effects, now);
    return { ok: true as const, changed: true, state: next, show: updated, wakeAt: nextWakeAt(next) };
  });
}
