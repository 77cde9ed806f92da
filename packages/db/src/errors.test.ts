import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './connect';
import { isDatabaseUnavailable, isUniqueViolation } from './errors';

const servers: Array<{ server: Server; sockets: Set<Socket> }> = [];
const closeServer = ({ server, sockets }: { server: Server; sockets: Set<Socket> }) => {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(resolve));
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map(closeServer));
});

/** A loopback "database" that does `behave` with every connection: the faults pg really meets. */
async function fakeServer(behave: (socket: Socket) => void): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    behave(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push({ server, sockets });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** What a query through a pool on `port` fails with. */
async function failureOn(port: number, options: pg.PoolConfig = {}): Promise<unknown> {
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', max: 1, ...options });
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    return error;
  } finally {
    await pool.end().catch(() => {});
  }
  throw new Error('the query succeeded');
}

const sqlState = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('a database that cannot serve is told apart from a query at fault', () => {
  it('nothing listening: ECONNREFUSED', async () => {
    const port = await fakeServer(() => {});
    const closed = servers.pop();
    if (closed) await closeServer(closed);
    const error = await failureOn(port);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('the server closes the connection under us: "Connection terminated unexpectedly"', async () => {
    const error = await failureOn(await fakeServer((socket) => socket.destroy()));
    expect((error as Error).message).toMatch(/^Connection terminated/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('the server never answers: the connect gives up after connectionTimeoutMillis', async () => {
    const started = Date.now();
    const error = await failureOn(await fakeServer(() => {}), { connectionTimeoutMillis: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('openDatabase never hangs on a server that accepts and says nothing: it gives up within seconds', async () => {
    const port = await fakeServer(() => {});
    const database = await openDatabase({ kind: 'postgres', url: `postgres://x@127.0.0.1:${port}/x` });
    const started = Date.now();
    const error = await database.ping().then(
      () => null,
      (e: unknown) => e,
    );
    await database.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('Postgres shutting down, starting up, out of connections, cancelling a statement that ran too long', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', '57014']) {
      expect(isDatabaseUnavailable(sqlState(code)), code).toBe(true);
    }
  });

  it('leaves the query’s own faults alone (they are 4xx or 500, never "try again")', () => {
    for (const code of ['23505', '22001', '23514', '42P01', '40001']) {
      expect(isDatabaseUnavailable(sqlState(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isUniqueViolation(sqlState('23505'))).toBe(true);
  });
});
