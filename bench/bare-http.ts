// The floor the Buy and state benchmarks are calibrated against: a bare Fastify server with a
// bare Socket.IO server on it, run as its own process (PORT from the environment) with the API's
// Node flags and listen backlog, so the same client and the same burst measure what a server
// that does no work at all costs on this machine, in the same run.
//   GET /bare        → { ok: true }
//   POST /bare/buy   → parses the JSON body, 409 { message: 'This item has already been sold' }
//   socket show:buy  → acknowledged { ok: false, status: 409, message: … }
// fastify and socket.io are root devDependencies with the API's version ranges (one copy each in
// the lockfile), so the floor runs the very versions the API does.

import { buyMessages, type SocketBuyAck, socketEvents } from '@vault/contracts';
import Fastify from 'fastify';
import { Server } from 'socket.io';

/** The API's listen backlog (apps/api/src/main.ts): a burst must queue the same way on both. */
const BACKLOG = 4096;

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set to a port number');

const app = Fastify();
app.get('/bare', async () => ({ ok: true }));
app.post('/bare/buy', async (_request, reply) => reply.status(409).send({ message: buyMessages.sold }));

const io = new Server(app.server, { path: '/socket.io', serveClient: false });
const sold: SocketBuyAck = { ok: false, status: 409, message: buyMessages.sold };
io.on('connection', (socket) => {
  socket.on(socketEvents.buy, (_payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack(sold);
  });
});

await app.listen({ host: '127.0.0.1', port, backlog: BACKLOG });
process.stdout.write('bare server listening\n');

// The harness stops it with SIGTERM (startProcess.stop). Nothing to drain: exit at once, and
// through process.exit, so --cpu-prof still writes its profile (a signal death would not).
process.once('SIGTERM', () => process.exit(0));
