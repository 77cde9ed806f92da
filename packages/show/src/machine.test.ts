import { describe, expect, it } from 'vitest';
import { type Effect, nextWakeAt, type ShowCommand, type ShowState, transition } from './machine';

const T0 = Date.UTC(2026, 10, 20, 20, 0, 0);
const timings = { perKnifeMs: 60_000, intermissionMs: 15_000, prerollMs: 10_000, soldHoldMs: 5_000 };
const idle: ShowState = {
  status: 'idle',
  phase: 'preroll',
  currentIndex: 0,
  itemCount: 3,
  launchTime: null,
  phaseEndsAt: null,
  pausedRemainingMs: null,
  step: 0,
  timings,
};

function run(state: ShowState, command: ShowCommand, now: number) {
  const outcome = transition(state, command, now);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}
const statuses = (effects: Effect[]) =>
  effects
    .filter((e) => e.type === 'item-status')
    .map((e) => (e.type === 'item-status' ? `${e.index}:${e.status}` : ''));

describe('show state machine', () => {
  it.each<[string, Partial<ShowState>, ShowCommand, number, Partial<ShowState>, string[]]>([
    [
      'start begins the preroll',
      {},
      { type: 'start' },
      T0,
      { status: 'running', phase: 'preroll', currentIndex: 0, phaseEndsAt: T0 + 10_000 },
      [],
    ],
    [
      'start without a preroll shows item 0 at once',
      { timings: { ...timings, prerollMs: 0 } },
      { type: 'start' },
      T0,
      { phase: 'showing', phaseEndsAt: T0 + 60_000 },
      ['0:showing'],
    ],
    [
      'preroll ends → item 0 showing',
      { status: 'running', phaseEndsAt: T0 },
      { type: 'tick' },
      T0,
      { phase: 'showing', currentIndex: 0, phaseEndsAt: T0 + 60_000 },
      ['0:showing'],
    ],
    [
      'item time ends → available, intermission',
      { status: 'running', phase: 'showing', phaseEndsAt: T0 },
      { type: 'tick' },
      T0,
      { phase: 'intermission', currentIndex: 0, phaseEndsAt: T0 + 15_000 },
      ['0:available'],
    ],
    [
      'intermission ends → next item',
      { status: 'running', phase: 'intermission', phaseEndsAt: T0 },
      { type: 'tick' },
      T0,
      { phase: 'showing', currentIndex: 1, phaseEndsAt: T0 + 60_000 },
      ['1:showing'],
    ],
    [
      'last item ends → completed',
      { status: 'running', phase: 'showing', currentIndex: 2, phaseEndsAt: T0 },
      { type: 'tick' },
      T0,
      { status: 'completed', phaseEndsAt: null },
      ['2:available'],
    ],
    [
      'no intermission → straight to the next item',
      { status: 'running', phase: 'showing', phaseEndsAt: T0, timings: { ...timings, intermissionMs: 0 } },
      { type: 'tick' },
      T0,
      { phase: 'showing', currentIndex: 1 },
      ['0:available', '1:showing'],
    ],
    [
      'a late wake-up still gives the next phase its full time',
      { status: 'running', phase: 'intermission', phaseEndsAt: T0 },
      { type: 'tick' },
      T0 + 2_500,
      { phase: 'showing', currentIndex: 1, phaseEndsAt: T0 + 2_500 + 60_000 },
      ['1:showing'],
    ],
    [
      'a scheduled show starts by itself at launch time',
      { status: 'scheduled', launchTime: T0 },
      { type: 'tick' },
      T0 + 3,
      { status: 'running', phase: 'preroll', phaseEndsAt: T0 + 3 + 10_000 },
      [],
    ],
    [
      'pause freezes the remaining time',
      { status: 'running', phase: 'showing', phaseEndsAt: T0 + 42_000 },
      { type: 'pause' },
      T0,
      { status: 'paused', pausedRemainingMs: 42_000, phaseEndsAt: null },
      [],
    ],
    [
      'start on a paused show resumes with what was left',
      { status: 'paused', phase: 'showing', pausedRemainingMs: 42_000 },
      { type: 'start' },
      T0 + 999_000,
      { status: 'running', phase: 'showing', phaseEndsAt: T0 + 999_000 + 42_000, pausedRemainingMs: null },
      [],
    ],
    [
      'a sale shortens the phase to the hold',
      { status: 'running', phase: 'showing', currentIndex: 1, phaseEndsAt: T0 + 50_000 },
      { type: 'sold', index: 1 },
      T0,
      { phaseEndsAt: T0 + 5_000 },
      [],
    ],
    [
      'a sale never lengthens the phase',
      { status: 'running', phase: 'showing', currentIndex: 1, phaseEndsAt: T0 + 2_000 },
      { type: 'sold', index: 1 },
      T0,
      { phaseEndsAt: T0 + 2_000 },
      [],
    ],
    [
      'reset returns to index 0 / preroll / idle',
      { status: 'paused', phase: 'intermission', currentIndex: 2, pausedRemainingMs: 3 },
      { type: 'reset' },
      T0,
      { status: 'idle', phase: 'preroll', currentIndex: 0, phaseEndsAt: null, pausedRemainingMs: null },
      [],
    ],
    [
      'schedule sets the launch time',
      {},
      { type: 'schedule', launchTime: T0 + 60_000, status: 'scheduled' },
      T0,
      { status: 'scheduled', launchTime: T0 + 60_000 },
      [],
    ],
  ])('%s', (_name, from, command, now, expected, itemStatuses) => {
    const outcome = run({ ...idle, ...from }, command, now);
    expect(outcome.state).toMatchObject(expected);
    expect(outcome.state.step).toBe((from.step ?? 0) + 1);
    expect(statuses(outcome.effects)).toEqual(itemStatuses);
  });

  it('reset re-queues the unsold items and records the event', () => {
    const { effects } = run({ ...idle, status: 'running', phase: 'showing', phaseEndsAt: T0 }, { type: 'reset' }, T0);
    expect(effects).toEqual([{ type: 'requeue-unsold' }, { type: 'event', name: 'reset', data: {} }]);
  });

  it.each<[string, Partial<ShowState>, ShowCommand, string]>([
    ['start twice', { status: 'running' }, { type: 'start' }, 'The show is already running'],
    [
      'start a finished show',
      { status: 'completed' },
      { type: 'start' },
      'The show has ended; reset it to run it again',
    ],
    ['start an empty show', { itemCount: 0 }, { type: 'start' }, 'The show has no items'],
    ['pause a show that is not running', {}, { type: 'pause' }, 'Only a running show can be paused'],
    [
      'sell during the intermission',
      { status: 'running', phase: 'intermission' },
      { type: 'sold', index: 0 },
      'The item is not on sale right now',
    ],
    [
      'sell an item that is not current',
      { status: 'running', phase: 'showing', currentIndex: 1 },
      { type: 'sold', index: 0 },
      'The item is not on sale right now',
    ],
    [
      'reschedule a live show',
      { status: 'running' },
      { type: 'schedule', launchTime: T0, status: 'scheduled' },
      'Pause and reset the live show before rescheduling it',
    ],
  ])('refuses to %s', (_name, from, command, message) => {
    const outcome = transition({ ...idle, ...from }, command, T0);
    expect(outcome).toMatchObject({ ok: false, message });
  });

  it('a tick with nothing due changes nothing (a stale or early wake-up is a no-op)', () => {
    const state = { ...idle, status: 'running' as const, phase: 'showing' as const, phaseEndsAt: T0 + 1, step: 7 };
    expect(transition(state, { type: 'tick' }, T0)).toEqual({ ok: true, state, effects: [], changed: false });
  });

  it('runs a whole 3-item show with a fake clock, selling the middle item', () => {
    let state: ShowState = { ...idle, status: 'scheduled', launchTime: T0 };
    let now = T0;
    const trail: string[] = [];
    const step = (command: ShowCommand) => {
      const outcome = run(state, command, now);
      state = outcome.state;
      trail.push(`${state.status}/${state.phase}/${state.currentIndex}`);
    };
    const sleepUntilWake = () => {
      now = nextWakeAt(state) ?? now;
      step({ type: 'tick' });
    };
    sleepUntilWake(); // launch → preroll
    sleepUntilWake(); // → item 0
    sleepUntilWake(); // → intermission
    sleepUntilWake(); // → item 1
    now += 20_000;
    step({ type: 'sold', index: 1 });
    expect(nextWakeAt(state)).toBe(now + 5_000);
    sleepUntilWake(); // hold over → intermission
    sleepUntilWake(); // → item 2
    sleepUntilWake(); // → completed
    expect(trail).toEqual([
      'running/preroll/0',
      'running/showing/0',
      'running/intermission/0',
      'running/showing/1',
      'running/showing/1',
      'running/intermission/1',
      'running/showing/2',
      'completed/showing/2',
    ]);
    expect(nextWakeAt(state)).toBeNull();
  });
});
