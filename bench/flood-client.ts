// The flooder of bench:flood, in a process of its own (as an attacker's client would be): its acks
// must not queue in the event loop of the client that times the honest members. One member's
// session (COOKIE) against BASE (the vault, or the bare server with BUY_PATH=/bare/buy), on TRANSPORT, until SIGTERM:
//   http     one keep-alive connection, each POST /api/show/buy sent the instant the last was answered
//   socket   one Socket.IO connection, WINDOW `show:buy` in flight, the next WINDOW the instant those are acked
// every press naming a made-up item id. On SIGTERM it prints `answers {"<status>": n, …}` (0: no
// answer, -1: a reconnection after the API closed the socket) and exits.

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

const answered: Record<string, number> = {};
const count = (status: number) => {
  answered[status] = (answered[status] ?? 0) + 1;
};
let running = true;
process.once('SIGTERM', () => {
  running = false;
});

if (transport === 'http') {
  const one = new http.Agent({ keepAlive: true, maxSockets: 1 });
  process.stdout.write('flooding\n');
  while (running) {
    const answer = await send(one, base, cookie, 'POST', buyPath, { showItemId: randomUUID() }).catch(() => ({
      status: 0,
    }));
    count(answer.status);
  }
  one.destroy();
} else {
  let socket = await connectSocket(base, cookie);
  process.stdout.write('flooding\n');
  while (running) {
    // The API closes a socket that keeps pressing past its refusals: connect again at once, as a
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
  socket.disconnect();
}
process.stdout.write(`answers ${JSON.stringify(answered)}\n`, () => process.exit(0));
