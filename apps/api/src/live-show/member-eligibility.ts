import { type Eligibility, type LineupEligibility, socketEvents } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Decision } from '../eligibility';
import { userRoom } from './realtime';

declare module 'fastify' {
  interface FastifyInstance {
    memberEligibility: {
      /** The member's eligibility for the live (or next) lineup and the test products. */
      lineup(userId: string): Promise<LineupEligibility>;
      /** `"eligibility":{…}` for the state view's current item, one string per distinct verdict. */
      itemMember(decision: Decision): string;
    };
  }
}

const asEligibility = (decision: Decision): Eligibility => ({ ok: decision.ok, reason: decision.reason });

/**
 * Each member's own verdicts, beside the show view that is the same for everyone: GET
 * /api/show/state adds the current item's to its answer (state route), and `show:eligibility`
 * brings a member's sockets the whole lineup's — on connect, when the lineup changes, when the
 * rules change, and when that member's facts change. The shared push never carries them, so it
 * stays one packet encoded once for every socket.
 */
export const memberEligibility = fp(
  async (app: FastifyInstance) => {
    const { judge } = app.eligibility;
    const { store } = app.shows;
    const memo = new Map<string, string>();

    async function lineup(userId: string): Promise<LineupEligibility> {
      const verdicts = await judge.judgeAll(userId, app.sales.buyable.items());
      const items: LineupEligibility['items'] = {};
      for (const [id, decision] of verdicts) items[id] = asEligibility(decision);
      return { showId: store.view(Date.now()).show?.id ?? null, items };
    }

    function itemMember(decision: Decision): string {
      const key = decision.reason ?? '';
      let member = memo.get(key);
      if (member === undefined) {
        if (memo.size > 1000) memo.clear();
        member = `"eligibility":${JSON.stringify(asEligibility(decision))}`;
        memo.set(key, member);
      }
      return member;
    }
    app.decorate('memberEligibility', { lineup, itemMember });

    const { io } = app;
    const sendTo = (userId: string) =>
      lineup(userId).then(
        (payload) => io.local.to(userRoom(userId)).emit(socketEvents.eligibility, payload),
        (error: unknown) => app.log.warn({ err: error }, 'judging a member for their sockets failed'),
      );
    /** Every member with a socket here, each once. */
    const sendToEveryone = () => {
      const members = new Set<string>();
      for (const socket of io.of('/').sockets.values()) members.add(socket.data.userId);
      for (const userId of members) void sendTo(userId);
    };

    io.on('connection', (socket) => {
      const { userId } = socket.data;
      lineup(userId).then(
        (payload) => socket.connected && socket.emit(socketEvents.eligibility, payload),
        (error: unknown) => app.log.warn({ err: error }, 'judging a member for their socket failed'),
      );
    });

    // The lineup a verdict covers changed (another show, an item added, a class corrected): only
    // then, not on every step of the show.
    const signature = () =>
      app.sales.buyable
        .items()
        .map((item) => `${item.id}:${item.legalClass}:${item.bladeLength}`)
        .join(',');
    let sent = '';
    const onShowChange = () => {
      const now = signature();
      if (now === sent) return;
      sent = now;
      sendToEveryone();
    };
    const onMember = (userId: string) => void sendTo(userId);
    app.addHook('onReady', async () => {
      sent = signature();
      store.on('change', onShowChange);
      judge.events.on('rules', sendToEveryone);
      judge.events.on('member', onMember);
    });
    app.addHook('preClose', async () => {
      store.off('change', onShowChange);
      judge.events.off('rules', sendToEveryone);
      judge.events.off('member', onMember);
    });
  },
  { name: 'member-eligibility', dependencies: ['realtime', 'sales', 'eligibility', 'show-engine'] },
);
