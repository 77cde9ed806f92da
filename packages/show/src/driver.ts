import type { EventBus } from '@vault/bus';
import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';
import type { ShowCommand } from './machine';
import { type ApplyResult, applyCommand } from './store';

/** Arms the clock's next wake-up for a show at a step. BullMQ when scaled, a timer when embedded. */
export interface WakeScheduler {
  schedule(showId: string, step: number, at: number): Promise<void>;
  close(): Promise<void>;
}

export interface ShowDriver {
  /** An admin's (or the Buy route's) command. */
  command(showId: string, command: ShowCommand): Promise<ApplyResult>;
  /** The clock's wake-up for `step`; stale or duplicate wake-ups do nothing. */
  wake(showId: string, step: number): Promise<ApplyResult>;
  /** Re-arms every running or scheduled show (a starting clock, after a crash). */
  rearmAll(): Promise<number>;
  /**
   * Tells every instance to reload a show that changed outside a transition (an edit, a new item,
   * a sale settled or released after its phase): the same bus message a transition sends.
   */
  notify(showId: string): Promise<void>;
}

const EARLY_TOLERANCE_MS = 1000;
/**
 * A wake-up that finds its deadline passed and still nothing to do (a launch whose lineup is
 * empty) looks again this much later. Re-arming for the passed deadline itself fired at once, for
 * ever: a wake-up loop of hundreds of transactions a second that starved everything else on
 * PGlite's one connection (member requests, reminder emails). One look a second still starts the
 * show within a second of its first item.
 */
export const STALLED_RECHECK_MS = 1000;

/** A transition that was applied (what afterTransition is told). */
export type AppliedTransition = Extract<ApplyResult, { ok: true }>;

/**
 * Drives shows: applies commands through the pure machine in one transaction, then publishes the
 * change on the bus (every API instance refreshes its snapshot and pushes to its sockets) and arms
 * the next wake-up. The one place both clocks and the API go through.
 */
export function createShowDriver(deps: {
  db: Kysely<Database>;
  bus: EventBus;
  scheduler: WakeScheduler;
  now?: () => number;
  /**
   * Runs after each applied transition, once it is published and the next wake-up armed (so it
   * never delays the show): what the rest of the vault does about it (the hearted-item pushes).
   * Its failure is logged and never fails the transition, which has committed.
   */
  afterTransition?(showId: string, result: AppliedTransition, cause: ShowCommand['type']): Promise<void>;
  log?: { error(details: object, message: string): void };
}): ShowDriver {
  const now = deps.now ?? Date.now;

  const publish = (showId: string, step: number) =>
    deps.bus.publish('show', { type: 'show.changed', showId, step, at: new Date(now()).toISOString() });

  async function after(showId: string, result: ApplyResult, cause: ShowCommand['type']): Promise<ApplyResult> {
    if (!result.ok) return result;
    if (result.changed) await publish(showId, result.state.step);
    if (result.wakeAt !== null) await deps.scheduler.schedule(showId, result.state.step, result.wakeAt);
    if (result.changed && deps.afterTransition) {
      await deps.afterTransition(showId, result, cause).catch((error: unknown) => {
        deps.log?.error({ err: error, showId, step: result.state.step }, 'after a show transition: failed');
      });
    }
    return result;
  }

  return {
    async command(showId, command) {
      return after(showId, await applyCommand(deps.db, showId, command, new Date(now())), command.type);
    },

    async wake(showId, step) {
      let tickedAt = now();
      let result = await applyCommand(deps.db, showId, { type: 'tick' }, new Date(tickedAt), { expectStep: step });
      /** This step's deadline had passed when the machine looked, and it had nothing to do. */
      const stalled = () =>
        result.ok &&
        !result.changed &&
        result.state.step === step &&
        result.wakeAt !== null &&
        result.wakeAt <= tickedAt;
      // A wake-up may come early (the queue is armed a little ahead; timers round): wait out the
      // remainder here until the deadline has really passed, rather than re-arming.
      for (let attempt = 0; attempt < 20; attempt++) {
        if (!(result.ok && !result.changed && result.state.step === step && result.wakeAt !== null)) break;
        if (stalled()) break; // waiting longer changes nothing
        const early = result.wakeAt - now();
        if (early > EARLY_TOLERANCE_MS) break;
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, early)));
        tickedAt = now();
        result = await applyCommand(deps.db, showId, { type: 'tick' }, new Date(tickedAt), { expectStep: step });
      }
      if (result.ok && !result.changed) {
        // Stale or duplicate: still (re-)arm the show's current wake-up. If whoever moved the step
        // died before arming the next one, this is what keeps the show going; arming twice is a
        // no-op (same job id / the same timer slot).
        const at = stalled() ? now() + STALLED_RECHECK_MS : result.wakeAt;
        if (at !== null) await deps.scheduler.schedule(showId, result.state.step, at);
        return result;
      }
      return after(showId, result, 'tick');
    },

    async notify(showId) {
      const show = await deps.db.selectFrom('shows').select('step').where('id', '=', showId).executeTakeFirst();
      if (show) await publish(showId, show.step);
    },

    async rearmAll() {
      const shows = await deps.db
        .selectFrom('shows')
        .select(['id', 'step', 'status', 'phaseEndsAt', 'launchTime'])
        .where('kind', '=', 'live')
        .where('status', 'in', ['running', 'scheduled'])
        .execute();
      for (const show of shows) {
        const at = show.status === 'running' ? show.phaseEndsAt : show.launchTime;
        if (at) await deps.scheduler.schedule(show.id, show.step, at.getTime());
      }
      return shows.length;
    },
  };
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Embedded mode's clock: one timer per show, replaced whenever the show moves to a new step. */
export function createTimerScheduler(
  onWake: (showId: string, step: number) => Promise<unknown>,
  options: { now?: () => number; onError?: (error: unknown, showId: string) => void } = {},
): WakeScheduler {
  const now = options.now ?? Date.now;
  const timers = new Map<string, NodeJS.Timeout>();
  return {
    async schedule(showId, step, at) {
      clearTimeout(timers.get(showId));
      const timer = setTimeout(
        () => {
          timers.delete(showId);
          // Never crash the process from a timer; a restart's rearmAll picks the show up again.
          onWake(showId, step).catch((error: unknown) => options.onError?.(error, showId));
        },
        // setTimeout fires at once past 2^31-1 ms (~24.8 days): a launch scheduled further out
        // would wake the show in a busy loop. Wake at the cap instead; wake() re-arms when early.
        Math.min(MAX_TIMER_MS, Math.max(0, at - now())),
      );
      timers.set(showId, timer);
    },
    async close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
