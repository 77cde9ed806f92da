import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createReactionClock } from './reactions';
import { createPressRecorder, type PressRecorderDeps } from './recorder';
import type { PressRow } from './repository';

const ITEM = 'item-1';

function setup(overrides: Partial<PressRecorderDeps> = {}) {
  const reactions = createReactionClock();
  const written: PressRow[][] = [];
  let clock = 10_000;
  const recorder = createPressRecorder({
    reactions,
    write: async (rows) => void written.push([...rows]),
    readLine: async () => [],
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
    humanFloorMs: 150,
    flushEveryMs: 250,
    settleMarginMs: 100,
    now: () => clock,
    ...overrides,
  });
  reactions.pushed(ITEM, 10_000, true);
  return {
    reactions,
    recorder,
    written,
    at(ms: number) {
      clock = ms;
    },
  };
}

describe('the press recorder', () => {
  it('keeps one row per member and item: the first press’s time and reaction, and how many', async () => {
    const { recorder, written, at } = setup();
    at(10_100);
    recorder.record('bot', ITEM, 'socket', recorder.received());
    at(10_400);
    recorder.record('ann', ITEM, 'socket', recorder.received());
    at(10_450);
    recorder.record('bot', ITEM, 'http', recorder.received());
    recorder.record('bot', ITEM, 'socket', recorder.received());
    await recorder.flush();
    expect(written).toEqual([
      [
        {
          showItemId: ITEM,
          userId: 'bot',
          receivedAt: 10_100,
          reactionMs: 100,
          flagged: true,
          transport: 'socket',
          presses: 3,
        },
        {
          showItemId: ITEM,
          userId: 'ann',
          receivedAt: 10_400,
          reactionMs: 400,
          flagged: false,
          transport: 'socket',
          presses: 1,
        },
      ],
    ]);
    // Nothing new: nothing written.
    await recorder.flush();
    expect(written).toHaveLength(1);
  });

  it('writes in the order presses were received, whatever order they were recorded in', async () => {
    const { recorder, written, at } = setup();
    at(10_500);
    const first = recorder.received();
    const second = recorder.received(); // the same millisecond: the sequence orders them
    const earlierHttp = recorder.received(10_300); // an HTTP press stamped when its request arrived
    recorder.record('second', ITEM, 'socket', second);
    recorder.record('first', ITEM, 'socket', first);
    recorder.record('early', ITEM, 'http', earlierHttp);
    await recorder.flush();
    expect(written[0]?.map((row) => row.userId)).toEqual(['early', 'first', 'second']);
  });

  it('records only the item on screen, and no reaction (nor a flag) for a reveal this replica never saw', async () => {
    const { recorder, reactions, written, at } = setup();
    at(10_050);
    recorder.record('ann', 'another-item', 'socket', recorder.received());
    reactions.pushed('item-2', 10_000, false);
    recorder.record('ann', 'item-2', 'socket', recorder.received());
    await recorder.flush();
    expect(written).toEqual([
      [
        {
          showItemId: 'item-2',
          userId: 'ann',
          receivedAt: 10_050,
          reactionMs: null,
          flagged: false,
          transport: 'socket',
          presses: 1,
        },
      ],
    ]);
  });

  it('keeps a failed batch for the next flush, first presses first, and drops past its bound', async () => {
    let fail = true;
    const written: PressRow[][] = [];
    const { recorder, at } = setup({
      maxPending: 2,
      write: async (rows) => {
        if (fail) throw new Error('database down');
        written.push([...rows]);
      },
    });
    at(10_200);
    recorder.record('ann', ITEM, 'socket', recorder.received());
    await recorder.flush();
    expect(recorder.pending()).toBe(1);
    at(10_300);
    recorder.record('ann', ITEM, 'socket', recorder.received());
    recorder.record('bob', ITEM, 'socket', recorder.received());
    recorder.record('cy', ITEM, 'socket', recorder.received()); // over the bound
    fail = false;
    await recorder.flush();
    expect(written).toEqual([
      [
        {
          showItemId: ITEM,
          userId: 'ann',
          receivedAt: 10_200,
          reactionMs: 200,
          flagged: false,
          transport: 'socket',
          presses: 2,
        },
        {
          showItemId: ITEM,
          userId: 'bob',
          receivedAt: 10_300,
          reactionMs: 300,
          flagged: false,
          transport: 'socket',
          presses: 1,
        },
      ],
    ]);
  });

  it('reads the line after writing its own batch and waiting out every replica’s flush period', async () => {
    const events: string[] = [];
    const started = Date.now();
    const { recorder } = setup({
      now: Date.now,
      write: async () => void events.push('write'),
      readLine: async (showItemId) => {
        events.push(`read ${showItemId} after ${Date.now() - started} ms`);
        return ['ann'];
      },
    });
    recorder.record('ann', ITEM, 'socket', recorder.received(10_100));
    expect(await recorder.line(ITEM)).toEqual(['ann']);
    expect(events[0]).toBe('write');
    const waited = Number(events[1]?.match(/after (\d+) ms/)?.[1]);
    expect(waited).toBeGreaterThanOrEqual(349);
    expect(waited).toBeLessThan(1_000);
  });
});
