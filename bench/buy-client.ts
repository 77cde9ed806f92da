// The client side of bench:buy: one burst runner for both transports and both servers (the vault
// and the bare floor), so the calibration and the measurement are the same code on the same
// connections model. The client shares the 2 cores with the servers, so it stays as light as it
// can: node:http (fetch costs several times more CPU per request than the thing measured) and
// nothing parsed or validated until the burst has been timed.

import http from 'node:http';
import { buyMessages, DrawEntered, SocketBuyAck, socketEvents } from '@vault/contracts';
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

type Outcome = 'won' | 'entered' | 'sold' | 'other4xx' | 'fivexx' | 'failed';

/**
 * Sorts an answer into the report's columns; a 409 counts as "sold" only with the Sold message,
 * and a draw entry (HTTP 202, or the ack's `entered`) only with a well-formed DrawEntered.
 */
function outcomeOf(answer: Answer): Outcome {
  let status: number;
  let message: unknown;
  if (answer.kind === 'http') {
    status = answer.status;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return 'failed';
    }
    if (status === 202) return DrawEntered.safeParse(body).success ? 'entered' : 'failed';
    message = (body as { message?: unknown } | null)?.message;
  } else {
    const ack = SocketBuyAck.safeParse(answer.ack);
    if (!ack.success) return 'failed';
    if (ack.data.ok && 'entered' in ack.data) return 'entered';
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
  /** The answers, in the order of `latencies` (kept raw; the caller reads what it checks). */
  answers: Answer[];
  counts: Record<Outcome, number>;
  /** From the first send to the last answer. */
  wallMs: number;
  /** How far behind its slot the latest send went out, ms (all at once: how long sending them all took). */
  lateMs: number;
}

export interface BurstOptions {
  /**
   * Spreads the sends evenly over this many ms (attempt i is due i × spreadMs / count after the
   * first), as entrants arriving through one second; 0, the default, sends every one at once.
   */
  spreadMs?: number;
}

/**
 * Every attempt at once, or paced evenly over `spreadMs` (each starts its clock when it sends, so
 * a timer firing late shows as `lateMs`, never as latency); answers are only timed while the
 * burst runs and sorted after it.
 */
export async function burst(
  count: number,
  attempt: (i: number) => Promise<Answer>,
  options: BurstOptions = {},
): Promise<BurstResult> {
  const spreadMs = options.spreadMs ?? 0;
  const answers: Answer[] = [];
  const latencies: number[] = [];
  const running: Promise<void>[] = [];
  let failed = 0;
  let lateMs = 0;
  const send = async (i: number) => {
    const sent = performance.now();
    try {
      const answer = await attempt(i);
      latencies.push(performance.now() - sent);
      answers.push(answer);
    } catch {
      failed++;
    }
  };
  const started = performance.now();
  const dueAt = (i: number) => started + (i * spreadMs) / count;
  await new Promise<void>((resolve) => {
    let next = 0;
    // Everything due by now goes out in this turn; then a timer for the next slot (at 5,000 over
    // one second, timers fire each millisecond and send the five or so that fell due).
    const pump = () => {
      while (next < count) {
        const now = performance.now();
        if (dueAt(next) > now) break;
        lateMs = Math.max(lateMs, now - dueAt(next));
        running.push(send(next++));
      }
      if (next < count) setTimeout(pump, dueAt(next) - performance.now());
      else resolve();
    };
    pump();
  });
  await Promise.all(running);
  const wallMs = performance.now() - started;
  const counts: Record<Outcome, number> = { won: 0, entered: 0, sold: 0, other4xx: 0, fivexx: 0, failed };
  for (const answer of answers) counts[outcomeOf(answer)]++;
  return { latencies, answers, counts, wallMs, lateMs };
}
