import { type ErrorCode, type ShowPhase, type ShowStatus, showMessages } from '@vault/contracts';
import { nextItemIndex } from './lineup';

/**
 * The show state machine, pure: (state, event, now) → (state, effects). The BullMQ worker, the
 * embedded clock, the API and the tests all drive this one function. Time is a parameter; it
 * never reads a clock. Deadlines are absolute (epoch ms), so a late wake-up never loses a phase.
 */

export interface Timings {
  perKnifeMs: number;
  intermissionMs: number;
  prerollMs: number;
  /** How long a sold item stays on screen before the intermission (a sale shortens the phase). */
  soldHoldMs: number;
}

export interface ShowState {
  status: ShowStatus;
  phase: ShowPhase;
  currentIndex: number;
  itemCount: number;
  launchTime: number | null;
  phaseEndsAt: number | null;
  pausedRemainingMs: number | null;
  /** Bumped by every transition; a wake-up scheduled for an older step is stale. */
  step: number;
  timings: Timings;
}

export type ShowCommand =
  | { type: 'start' }
  | { type: 'pause' }
  | { type: 'reset' }
  | { type: 'schedule'; launchTime: number | null; status: ShowStatus }
  /** The clock's wake-up: applies whatever is due at `now` (launch, phase end). */
  | { type: 'tick' }
  /** The current item was just sold (the Buy route claimed it). */
  | { type: 'sold'; index: number };

export type Effect =
  /** Set the status of the item at this lineup position. */
  | { type: 'item-status'; index: number; status: 'showing' | 'available' }
  /** Put every unsold item of the show back in the queue (reset). */
  | { type: 'requeue-unsold' }
  /** Append to show_events. */
  | { type: 'event'; name: string; data: Record<string, unknown> };

export type Outcome =
  | { ok: true; state: ShowState; effects: Effect[]; changed: boolean }
  | { ok: false; code: MachineRefusal; message: string };

/** The codes a refused command carries: the API answers with them as they are. */
export type MachineRefusal = Extract<ErrorCode, 'conflict' | 'invalid_request'>;

const fail = (code: MachineRefusal, message: string): Outcome => ({ ok: false, code, message });

/** When the clock should next wake for this state, or null if nothing is pending. */
export function nextWakeAt(state: ShowState): number | null {
  if (state.status === 'running') return state.phaseEndsAt;
  if (state.status === 'scheduled') return state.launchTime;
  return null;
}

function begin(state: ShowState, now: number, effects: Effect[]): ShowState {
  effects.push({ type: 'event', name: 'started', data: {} });
  if (state.timings.prerollMs > 0) {
    return {
      ...state,
      status: 'running',
      phase: 'preroll',
      currentIndex: 0,
      phaseEndsAt: now + state.timings.prerollMs,
      pausedRemainingMs: null,
    };
  }
  return showItem({ ...state, status: 'running', pausedRemainingMs: null }, 0, now, effects);
}

function showItem(state: ShowState, index: number, now: number, effects: Effect[]): ShowState {
  effects.push(
    { type: 'item-status', index, status: 'showing' },
    { type: 'event', name: 'item-showing', data: { index } },
  );
  return { ...state, phase: 'showing', currentIndex: index, phaseEndsAt: now + state.timings.perKnifeMs };
}

/** The current phase's time is up: move on one phase. */
function advance(state: ShowState, now: number, effects: Effect[]): ShowState {
  const next = nextItemIndex(state);
  if (next !== null) return showItem(state, next, now, effects);
  // showing: an unsold item goes back to available (the Buy route marks sold ones itself).
  effects.push({ type: 'item-status', index: state.currentIndex, status: 'available' });
  const last = state.currentIndex >= state.itemCount - 1;
  if (last) {
    effects.push({ type: 'event', name: 'completed', data: {} });
    return { ...state, status: 'completed', phaseEndsAt: null };
  }
  if (state.timings.intermissionMs <= 0) return showItem(state, state.currentIndex + 1, now, effects);
  effects.push({ type: 'event', name: 'intermission', data: { nextIndex: state.currentIndex + 1 } });
  return { ...state, phase: 'intermission', phaseEndsAt: now + state.timings.intermissionMs };
}

export function transition(state: ShowState, command: ShowCommand, now: number): Outcome {
  const effects: Effect[] = [];
  let next: ShowState;
  switch (command.type) {
    case 'start': {
      if (state.status === 'running') return fail('conflict', showMessages.alreadyRunning);
      if (state.status === 'completed') return fail('conflict', showMessages.ended);
      if (state.itemCount === 0) return fail('invalid_request', showMessages.noItems);
      if (state.status === 'paused') {
        effects.push({ type: 'event', name: 'resumed', data: {} });
        next = {
          ...state,
          status: 'running',
          phaseEndsAt: now + (state.pausedRemainingMs ?? 0),
          pausedRemainingMs: null,
        };
      } else {
        next = begin(state, now, effects);
      }
      break;
    }
    case 'pause': {
      if (state.status !== 'running') return fail('conflict', showMessages.pauseNotRunning);
      effects.push({ type: 'event', name: 'paused', data: {} });
      next = {
        ...state,
        status: 'paused',
        pausedRemainingMs: Math.max(0, (state.phaseEndsAt ?? now) - now),
        phaseEndsAt: null,
      };
      break;
    }
    case 'reset': {
      effects.push({ type: 'requeue-unsold' }, { type: 'event', name: 'reset', data: {} });
      next = {
        ...state,
        status: 'idle',
        phase: 'preroll',
        currentIndex: 0,
        phaseEndsAt: null,
        pausedRemainingMs: null,
      };
      break;
    }
    case 'schedule': {
      if (command.status === 'running')
        return transition({ ...state, launchTime: command.launchTime }, { type: 'start' }, now);
      if (command.status === 'paused')
        return transition({ ...state, launchTime: command.launchTime }, { type: 'pause' }, now);
      if (state.status === 'running' || state.status === 'paused') {
        if (command.status !== 'completed') return fail('conflict', showMessages.rescheduleWhileLive);
      }
      if (command.status === 'scheduled' && command.launchTime === null)
        return fail('invalid_request', showMessages.launchTimeRequired);
      effects.push({
        type: 'event',
        name: 'scheduled',
        data: { launchTime: command.launchTime, status: command.status },
      });
      next = {
        ...state,
        status: command.status,
        launchTime: command.launchTime,
        ...(command.status === 'completed' ? { phaseEndsAt: null, pausedRemainingMs: null } : {}),
      };
      break;
    }
    case 'tick': {
      next = state;
      if (next.status === 'scheduled' && next.launchTime !== null && next.launchTime <= now) {
        if (next.itemCount === 0) return { ok: true, state, effects: [], changed: false };
        next = begin(next, now, effects);
      }
      // The next phase counts from now: a late wake-up never shortens the phase that follows.
      while (next.status === 'running' && next.phaseEndsAt !== null && next.phaseEndsAt <= now) {
        next = advance(next, now, effects);
      }
      if (next === state) return { ok: true, state, effects: [], changed: false };
      break;
    }
    case 'sold': {
      if (state.status !== 'running' || state.phase !== 'showing' || command.index !== state.currentIndex) {
        return fail('conflict', showMessages.itemNotOnSale);
      }
      effects.push({ type: 'event', name: 'sold', data: { index: command.index } });
      const holdUntil = now + state.timings.soldHoldMs;
      next = { ...state, phaseEndsAt: Math.min(state.phaseEndsAt ?? holdUntil, holdUntil) };
      break;
    }
  }
  return { ok: true, state: { ...next, step: state.step + 1 }, effects, changed: true };
}
