import { setTimeout as sleep } from 'node:timers/promises';
import { type SocketBuyAck, SocketBuyRequest, socketEvents } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorAnswer } from '../core/error-answer';
import type { MemberSocket } from '../live-show';
import { SIGNED_OUT } from '../platform/current-user';
import { validationError } from '../platform/zod-provider';
import { holdRefusal, type TokenBucket } from './press-budget';

/**
 * Buy over the live socket (`show:buy`, acknowledged): for a member already connected, a Buy
 * costs no new HTTP request — on a phone, no TCP/TLS handshake and no cookie to parse and look
 * up. The sale itself is the HTTP route's: the same seller, the same idempotency key (a retry on
 * either transport, or one on each, is one purchase and one authorisation), the same refusals
 * with the same statuses, messages and codes. The session is checked on every Buy through the
 * session store, so a session ended elsewhere stops buying within the same bound as over HTTP.
 * A suspended member is refused from memory and every other press recorded, as over HTTP.
 */
export const socketBuy = fp(
  async (app: FastifyInstance) => {
    const { seller, budget } = app.sales;
    const { presses, buyingSuspensions: suspensions } = app;
    /** Each socket's own press bucket, beside the member's (press-budget.ts); it goes with the socket. */
    const buckets = new WeakMap<MemberSocket, TokenBucket>();
    /**
     * Refusals each socket is being held on (press-budget.ts holdRefusal). A person has one or two
     * presses in flight; a socket with more refusals held than the limit is a script keeping its
     * presses in flight to be answered in bulk, so it is answered at once and closed.
     */
    const held = new WeakMap<MemberSocket, number>();
    const flooding = new WeakSet<MemberSocket>();
    const { socketHeldRefusalsBeforeClose } = app.limits.buyPresses;

    async function refuse(socket: MemberSocket, userId: string, bucket: TokenBucket, refusal: unknown): Promise<never> {
      const holding = (held.get(socket) ?? 0) + 1;
      if (holding > socketHeldRefusalsBeforeClose) {
        flooding.add(socket);
        throw refusal;
      }
      held.set(socket, holding);
      try {
        await holdRefusal(budget.waitMs(userId, bucket));
      } finally {
        held.set(socket, (held.get(socket) ?? 1) - 1);
      }
      throw refusal;
    }

    async function buy(socket: MemberSocket, payload: unknown): Promise<SocketBuyAck> {
      // When the press arrived, stamped before any await (the session check below is one).
      const received = presses.received();
      const member = socket.data;
      const request = SocketBuyRequest.safeParse(payload);
      if (!request.success) throw validationError(request.error);
      const { showItemId, idempotencyKey } = request.data;
      const key = idempotencyKey ?? null;
      // Before the session lookup and any query: a socket flooding `show:buy` costs a map lookup.
      let bucket = buckets.get(socket);
      if (!bucket) {
        bucket = budget.socketBucket();
        buckets.set(socket, bucket);
      }
      try {
        budget.spend(member.userId, showItemId, key, bucket);
      } catch (refusal) {
        return refuse(socket, member.userId, bucket, refusal);
      }
      if ((await app.sessionStore.liveUserId(member.sid)) !== member.userId) throw SIGNED_OUT;
      // From memory, as over HTTP: a suspended member never reaches the seller.
      suspensions.check(member.userId);
      presses.record(member.userId, showItemId, 'socket', received);
      const answer = await seller.buy(member.userId, showItemId, key, 'socket');
      return 'entered' in answer ? { ok: true, entered: answer } : { ok: true, response: answer };
    }

    // Buys being answered: a draining replica answers them before it closes the sockets, so a
    // Buy in flight is not re-sent to another replica while this one still works on it.
    const inFlight = new Set<Promise<unknown>>();
    app.drain.onDrain(async (deadline) => {
      while (inFlight.size > 0 && Date.now() < deadline) {
        await Promise.race([Promise.allSettled(inFlight), sleep(deadline - Date.now(), undefined, { ref: false })]);
      }
    });

    app.io.on('connection', (socket) => {
      // The payload is whatever the client sent (buy() parses it), and the ack is absent if it asked for none.
      socket.on(socketEvents.buy, (payload: unknown, ack) => {
        if (typeof ack !== 'function') return; // an answer nobody waits for would buy blind
        const answered = buy(socket, payload).then(
          (answer) => ack(answer),
          (error: unknown) => {
            const answer = errorAnswer(error);
            if (answer.log)
              app.log[answer.log.level]({ err: error, status: answer.status, via: 'socket' }, answer.log.msg);
            ack({ ok: false, status: answer.status, message: answer.message, code: answer.code });
            // Its session is over: after the answer, the socket has no business staying open.
            if (answer.code === 'not_signed_in') socket.disconnect(true);
            if (flooding.has(socket) && socket.connected) {
              app.log.warn({ userId: socket.data.userId }, 'closing a socket flooding Buy');
              socket.disconnect(true);
            }
          },
        );
        inFlight.add(answered);
        void answered.finally(() => inFlight.delete(answered));
      });
    });
  },
  { name: 'socket-buy', dependencies: ['buying-suspensions', 'drain', 'presses', 'realtime', 'sales'] },
);
