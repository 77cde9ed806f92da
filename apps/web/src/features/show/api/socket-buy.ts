import { type BuyBody, type ErrorBody, SocketBuyAck, socketEvents } from '@vault/contracts';
import { answerError, NetworkError } from '../../../lib/api-client';
import type { LiveSocket } from '../../../lib/live-show/live-socket';
import type { BuyAnswer } from './buy-answer';

/**
 * The acknowledgement of a `show:buy` as the HTTP buy would have answered: the purchase (200), the
 * draw entry (202), or the ApiError api-client makes of the same status and `{ message, code }`
 * body, so the toasts, Already Sold and the idempotency-key handling cannot tell the transports
 * apart. An ack that does not parse says nothing about the sale: it fails like a 5xx with a body
 * that is not `{ message }` (outcome unknown, the key kept, Purchase Failed with the default text).
 */
function buyAnswer(reply: unknown): BuyAnswer {
  const ack = SocketBuyAck.safeParse(reply);
  if (!ack.success) throw answerError(502, '', 'malformed show:buy acknowledgement');
  if (ack.data.ok) return 'response' in ack.data ? ack.data.response : ack.data.entered;
  const { message, code } = ack.data;
  throw answerError(ack.data.status, JSON.stringify({ message, code } satisfies ErrorBody));
}

/**
 * `show:buy` over the live socket: the same sale as POST /api/show/buy without a new HTTP request
 * (no TCP/TLS handshake on a phone, the session already known from the socket's). No answer — the
 * ack timed out or the link dropped first — is a NetworkError, which the caller re-sends with the
 * same key, like an HTTP buy whose answer was lost.
 */
export function emitBuy(
  socket: LiveSocket,
  body: BuyBody,
  idempotencyKey: string,
  timeoutMs: number,
): Promise<BuyAnswer> {
  return new Promise((resolve, reject) => {
    // Socket.IO fails a pending ack on disconnect only if the packet left the socket: one it
    // buffered (emitted just as its heartbeat expired) would wait for a reconnection or the whole
    // timeout. A drop ends the attempt at once either way. Such a buffered packet is still sent
    // after reconnecting, possibly beside the caller's same-key re-send: harmless, since the server
    // treats one key as one purchase.
    const dropped = () =>
      reject(new NetworkError(new Error('The live socket disconnected before the buy was answered')));
    socket.once('disconnect', dropped);
    const request = { showItemId: body.showItemId, idempotencyKey };
    socket.timeout(timeoutMs).emit(socketEvents.buy, request, (error, reply) => {
      socket.off('disconnect', dropped);
      if (error) {
        // Only the ack's timeout gets here: socket.io-client (4.8.4) emits 'disconnect' before it
        // fails the pending acks, so a drop has already rejected through `dropped` above.
        reject(new NetworkError(error, true));
        return;
      }
      try {
        resolve(buyAnswer(reply));
      } catch (refusal) {
        reject(refusal);
      }
    });
  });
}
