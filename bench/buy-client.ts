// The client side of bench:buy: one burst runner for both transports and both servers (the vault
// and the bare floor), so the calibration and the measurement are the same code on the same
// connections model. The client shares the 2 cores with the servers, so it stays as light as it
// can: node:http (fetch costs several times more CPU per request than the thing measured) and
// nothing parsed or validated until the burst has been timed.

import http from 'node:http';
import { buyMessages, SocketBuyAck, socketEvents } from '@vault/contracts';
import type { Socket } from 'socket.io-client';
import { connectSocket, inBatches } from './bench-app';

/** A request or an acknowledgement that has not come back in this time counts as a network error. */
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * A keep-alive pool that really keeps one connection per buyer. `maxFreeSockets` defaults to 256:
 * after a 2,000-buyer watch phase only 256 idle connections were kept, so 1,744 buyers opened a new
 * connection at the instant of the burst, overflowed the listen backlog, and had their SYNs
 * retried after 1 s — a tail that was the client's, not the server's.
 */
export const keepAliveAgent = () =>
  new http.Agent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    maxFreeSockets: Number.POSITIVE_INFINITY,
  });

/** Idle connections the pool holds right now (what a burst on it will reuse). */
export const idleConnections = (agent: http.Agent) =>
  Object.values(agent.freeSockets).reduce((sum, list) => sum + (list?.length ?? 0), 0);

/** What came back, kept raw until the burst is over. */
export type Answer = { kind: 'http'; status: number; body: string } | { kind: 'socket'; ack: unknown };

/**
 * One HTTP request as a browser sends it (Origin, the session cookie, a JSON body). `agent: false`
 * is a new TCP connection for this request alone, closed after the answer (a cold buyer).
 */
export function send(
  agent: http.Agent | false,
  base: string,
  cookie: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer & { kind: 'http' }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          origin: base,
          cookie,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ kind: 'http', status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Buy over an open Socket.IO connection: `show:buy` with an acknowledgement. */
export async function emitBuy(socket: Socket, showItemId: string): Promise<Answer> {
  const ack: unknown = await socket.timeout(ANSWER_TIMEOUT_MS).emitWithAck(socketEvents.buy, { showItemId });
  return { kind: 'socket', ack };
}

/**
 * One Socket.IO connection per cookie, as the show screen opens it (bench-app.ts connectSocket),
 * opened in batches and resolved once every one is connected; socket i is cookie i's. `listen`
 * attaches handlers before the handshake, so not even the first push is missed.
 */
export async function connectSockets(
  base: string,
  cookies: readonly string[],
  listen: (socket: Socket, index: number) => void = () => {},
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  try {
    await inBatches(cookies.length, async (i) => {
      await connectSocket(base, cookies[i] ?? '', (socket) => {
        sockets[i] = socket;
        listen(socket, i);
      });
    });
    return sockets;
  } catch (error) {
    for (const socket of sockets) socket.disconnect();
    throw error;
  }
}

type Outcome = 'won' | 'sold' | 'other4xx' | 'fivexx' | 'failed';

/** Sorts an answer into the report's columns; a 409 counts as "sold" only with the Sold message. */
function outcomeOf(answer: Answer): Outcome {
  let status: number;
  let message: unknown;
  if (answer.kind === 'http') {
    status = answer.status;
    try {
      message = (JSON.parse(answer.body) as { message?: unknown }).message;
    } catch {
      return 'failed';
    }
  } else {
    const ack = SocketBuyAck.safeParse(answer.ack);
    if (!ack.success) return 'failed';
    status = ack.data.ok ? 200 : ack.data.status;
    message = ack.data.ok ? undefined : ack.data.message;
  }
  if (status === 200) return 'won';
  if (status === 409 && message === buyMessages.sold) return 'sold';
  return status >= 500 ? 'fivexx' : 'other4xx';
}

export interface BurstResult {
  /** Send → answer, ms, of every attempt that was answered. */
  latencies: number[];
  counts: Record<Outcome, number>;
  /** From the first send to the last answer. */
  wallMs: number;
}

/**
 * Every attempt at once (each starts its clock when it sends); answers are only timed while the
 * burst runs and sorted after it.
 */
export async function burst(count: number, attempt: (i: number) => Promise<Answer>): Promise<BurstResult> {
  const answers: Answer[] = [];
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const sent = performance.now();
      try {
        const answer = await attempt(i);
        latencies.push(performance.now() - sent);
        answers.push(answer);
      } catch {
        failed++;
      }
    }),
  );
  const wallMs = performance.now() - started;
  const counts: Record<Outcome, number> = { won: 0, sold: 0, other4xx: 0, fivexx: 0, failed };
  for (const answer of answers) counts[outcomeOf(answer)]++;
  return { latencies, counts, wallMs };
}
