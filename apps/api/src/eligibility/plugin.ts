import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_ELIGIBILITY } from '../core/config';
import { createJudge, type Judge } from './judge';
import { createRefusalCounter, type RefusalCounter } from './refusals';

declare module 'fastify' {
  interface FastifyInstance {
    eligibility: {
      /** Who may buy what, from memory (judge.ts). */
      judge: Judge;
      /** Refused presses per item, rule and member, written with the Buy attempts (sales/plugin.ts). */
      refusals: RefusalCounter;
    };
  }
}

/**
 * The eligibility judge of this replica, kept current by the bus: a change of the rules (or the
 * attestation kinds) reloads them, a change of a member's facts drops what this replica held of
 * them, and a bus link that was lost and restored starts over (what was said meanwhile is gone).
 */
export const eligibility = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.eligibility ?? DEFAULT_ELIGIBILITY;
    const judge = createJudge({ db: app.db, ...settings, now: Date.now });
    app.decorate('eligibility', { judge, refusals: createRefusalCounter(app.db) });

    const reload = () =>
      judge.reloadRules().catch((error: unknown) => app.log.error({ err: error }, 'loading eligibility rules failed'));
    let unsubscribe: (() => Promise<void>) | undefined;
    let offResubscribed: (() => void) | undefined;
    app.addHook('onReady', async () => {
      await judge.reloadRules();
      unsubscribe = await app.bus.subscribe('eligibility', (message) => {
        if (message.type === 'eligibility.rules-changed') void reload();
        if (message.type === 'eligibility.member-changed') judge.forget(message.userId);
      });
      offResubscribed = app.bus.onResubscribed(() => {
        judge.forgetEveryone();
        void reload();
      });
    });
    app.addHook('onClose', async () => {
      offResubscribed?.();
      await unsubscribe?.();
    });
  },
  { name: 'eligibility', dependencies: ['infrastructure'] },
);
