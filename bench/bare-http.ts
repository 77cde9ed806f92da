// The floor every benchmark is calibrated against: a bare Fastify server with a bare Socket.IO
// server on it (default options), run as its own process (PORT from the environment, started by
// bench-app.ts startBare) with the API's Node flags and listen backlog, so the same client and the
// same burst measure what a server that does no work at all costs on this machine, in the same run.
// No session check, no database, no adapter, no ticks.
//   GET /bare        → { ok: true }                                           (bench:state, bench:buy)
//   POST /bare/buy   → parses the JSON body, 409 { message: 'This item has already been sold', code: 'sold' }
//   socket show:buy  → acknowledged { ok: false, status: 409, message: …, code } (bench:buy)
//   POST /emit       → a ShowStateView (the view the API sent) stamped with serverTime at that moment,
//                      emitted to every socket as `show:state`; answers { sentMs }: how long after
//                      serverTime io.emit returned, i.e. every frame was written to its socket (they
//                      are small, the buffers empty). bench:fanout compares that with the last
//                      arrival: what is left is the client's own lag. It sends the full view the API
//                      serves; the API pushes a change instead when that is smaller.
//   on connect       → like the API, the latest view emitted, if there is one.
// fastify and socket.io are root devDependencies with the API's version ranges (one copy each in
// the lockfile), so the floor runs the very versions the API does.

import { buyMessages, ShowStateView, type SocketBuyAck, socketEvents } from '@vault/contracts';
import Fastify from 'fastify';
import { Server } from 'socket.io';

/** The API's listen backlog (apps/api/src/main.ts): a burst or a batch of connects must queue the same way on both. */
const BACKLOG = 4096;

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set to a port number');

const app = Fastify();
const io = new Server(app.server, { path: '/socket.io', serveClient: false });
let latest: ShowStateView | null = null;

app.get('/bare', async () => ({ ok: true }));
app.post('/bare/buy', async (_request, reply) => reply.status(409).send({ message: buyMessages.sold, code: 'sold' }));
app.post('/emit', async (request, reply) => {
  const view = ShowStateView.safeParse(request.body);
  if (!view.success) return reply.status(400).type('text/plain').send(view.error.message);
  latest = { ...view.data, serverTime: Date.now() };
  io.emit(socketEvents.state, latest);
  return { sentMs: Date.now() - latest.serverTime };
});

const sold: SocketBuyAck = { ok: false, status: 409, message: buyMessages.sold, code: 'sold' };
io.on('connection', (socket) => {
  if (latest) socket.emit(socketEvents.state, { ...latest, serverTime: Date.now() });
  socket.on(socketEvents.buy, (_payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack(sold);
  });
});

await app.listen({ host: '127.0.0.1', port, backlog: BACKLOG });
process.stdout.write('bare server listening\n');

// The harness stops it with SIGTERM (startProcess.stop). Nothing to drain: exit at once, and
// through process.exit, so --cpu-prof still writes its profile (a signal death would not).
process.once('SIGTERM', () => process.exit(0));
