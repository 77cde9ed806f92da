// The flooder of bench:flood, in a process of its own (as an attacker's client would be): its acks
// must not queue in the event loop of the client that times the honest members. One member's
// session (COOKIE) against BASE (the vault, or the bare server with BUY_PATH=/bare/buy), on
// TRANSPORT. It starts idle and connected, so a flooded race never pays for a process starting:
//   SIGUSR1  flood, printing `flooding#<n>` as it starts round n:
//            http     one keep-alive connection, each POST sent the instant the last was answered
//            socket   one Socket.IO connection, WINDOW `show:buy` in flight, the next WINDOW the instant those are acked
//            every press naming a made-up item id
//   SIGUSR2  stop, print `answers#<n> {"<status>": n, …}` (0: no answer, -1: a reconnection after
//            the API closed the socket) and wait again
//   SIGTERM  exit

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { type SocketBuyAck, socketEvents } from '@vault/contracts';
import { connectSocket } from './bench-app';
import { send } from './buy-client';

const base = process.env.BASE ?? '';
const cookie = process.env.COOKIE ?? '';
const transport = process.env.TRANSPORT === 'socket' ? 'socket' : 'http';
const window = Number(process.env.WINDOW ?? 64);
/** The Buy route: the vault's, or the bare server's when the same flood calibrates the machine. */
const buyPath = process.env.BUY_PATH ?? '/api/show/buy';

let answered: Record<string, number> = {};
const count = (status: number) => {
  answered[status] = (answered[status] ?? 0) + 1;
};
let flooding = false;
let exiting = false;
let wake: () => void = () => {};
const woken = () =>
  new Promise<void>((resolve) => {
    wake = resolve;
  });
process.on('SIGUSR1', () => {
  flooding = true;
  wake();
});
process.on('SIGUSR2', () => {
  flooding = false;
});
process.once('SIGTERM', () => {
  exiting = true;
  flooding = false;
  wake();
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let socket = transport === 'socket' ? await connectSocket(base, cookie) : undefined;

/** One press (http) or one window of presses (socket). */
async function press(): Promise<void> {
  if (!socket) {
    const answer = await send(agent, base, cookie, 'POST', buyPath, { showItemId: randomUUID() }).catch(() => ({
      status: 0,
    }));
    count(answer.status);
    return;
  }
  // The API closes a socket that keeps too many refusals in flight: connect again at once, as a
  // script would (and as the web's reconnection would, far slower).
  if (!socket.connected) {
    socket.disconnect();
    socket = await connectSocket(base, cookie);
    count(-1);
  }
  const current = socket;
  const acks = await Promise.all(
    Array.from({ length: window }, () =>
      current
        .timeout(2000)
        .emitWithAck(socketEvents.buy, { showItemId: randomUUID() })
        .catch(() => undefined),
    ),
  );
  for (const ack of acks as Array<SocketBuyAck | undefined>) count(ack ? (ack.ok ? 200 : ack.status) : 0);
}

// Waiting idle for a signal holds no socket or timer of its own: this keeps the process alive.
const alive = setInterval(() => {}, 1 << 30);
process.stdout.write('ready\n');
for (let round = 1; !exiting; round++) {
  while (!flooding && !exiting) await woken();
  if (exiting) break;
  process.stdout.write(`flooding#${round}\n`);
  while (flooding) await press();
  process.stdout.write(`answers#${round} ${JSON.stringify(answered)}\n`);
  answered = {};
}
clearInterval(alive);
socket?.disconnect();
agent.destroy();
process.exit(0);
