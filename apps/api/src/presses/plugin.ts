import { HUMAN_FLOOR_DEFAULT_MS } from '@vault/contracts';
import { FLUSH_BUY_PRESSES_EVERY_MS } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';
import { createReactionClock, type ReactionClock } from './reactions';
import { createPressRecorder, type PressRecorder } from './recorder';
import { addPresses, pressLine } from './repository';

/**
 * What a batch write may take beyond the flush period before `line` reads: a batch of a few
 * thousand rows is one statement of a few milliseconds; the rest is slack for a busy event loop.
 */
const SETTLE_MARGIN_MS = 100;

declare module 'fastify' {
  interface FastifyInstance {
    presses: PressRecorder & {
      /** What the push loop, the state poll and the sockets tell the recorder (reaction times). */
      reactions: ReactionClock;
    };
  }
}

/**
 * Buy presses of the live show's current item, on both transports, with how soon after its reveal
 * each arrived (recorder.ts, reactions.ts): the line a declined first-press winner's item passes down
 * (`app.presses.line`), and the reaction times and flags of the show report. Recorded in memory,
 * written every 250 ms and on close.
 */
export const presses = fp(
  async (app: FastifyInstance) => {
    const reactions = createReactionClock();
    const recorder = createPressRecorder({
      reactions,
      write: (rows) => addPresses(app.db, rows),
      readLine: (showItemId) => pressLine(app.db, showItemId),
      log: app.log,
      humanFloorMs: app.config.humanFloorMs ?? HUMAN_FLOOR_DEFAULT_MS,
      flushEveryMs: FLUSH_BUY_PRESSES_EVERY_MS,
      settleMarginMs: SETTLE_MARGIN_MS,
    });
    app.decorate('presses', { ...recorder, reactions });

    const flush = () =>
      recorder.flush().catch((error: unknown) => app.log.error({ err: error }, 'flushing buy presses failed'));
    const stopFlusher = apiBackground(app).every('buy-press-flush', () => void flush());
    app.addHook('onClose', async () => {
      stopFlusher();
      // The last quarter second's presses. The database is closed by the app's owner after app.close().
      await flush();
    });
  },
  { name: 'presses', dependencies: ['infrastructure'] },
);
