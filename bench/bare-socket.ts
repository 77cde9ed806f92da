// The floor of bench:fanout, run by it as a process of its own: a bare Socket.IO server (the API's
// socket.io, default options) on node:http. No session check, no database, no adapter, no ticks:
// what Socket.IO itself costs to push one view to every socket on this machine, with the same
// client as the API's run. It sends the full view the API serves; the API pushes a change instead
// when that is smaller, and the report prints both payload sizes.
// POST /emit with a ShowStateView (the view the API sent) stamps its serverTime at that moment,
// emits it to every socket as `show:state` and answers `{ sentMs }`: how long after serverTime
// io.emit returned, i.e. every frame was written to its socket (they are small, the buffers empty).
// fanout.ts compares that with the last arrival: what is left is the client's own lag. Like the
// API, it also sends the latest view to each socket on connect.

import http from 'node:http';
import { ShowStateView, socketEvents } from '@vault/contracts';
import { Server } from 'socket.io';

const PORT = Number(process.env.PORT);
// The API's listen backlog: a batch of connects must not overflow one side's queue and not the other's.
const BACKLOG = 4096;

let latest: ShowStateView | null = null;

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString()));
      } catch (error) {
        reject(error);
      }
    });
  });
}

// Socket.IO answers its own path (/socket.io/) and hands every other request to this handler.
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  readBody(req)
    .then((body) => {
      const view = ShowStateView.safeParse(body);
      if (!view.success) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(view.error.message);
        return;
      }
      latest = { ...view.data, serverTime: Date.now() };
      io.emit(socketEvents.state, latest);
      const sentMs = Date.now() - latest.serverTime;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sentMs }));
    })
    .catch(() => res.writeHead(400).end());
});
const io = new Server(server, { serveClient: false });
io.on('connection', (socket) => {
  if (latest) socket.emit(socketEvents.state, { ...latest, serverTime: Date.now() });
});

server.listen({ host: '0.0.0.0', port: PORT, backlog: BACKLOG }, () => {
  console.log(`bare Socket.IO listening on ${PORT}`);
});
