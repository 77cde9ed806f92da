import { type SocketBuyAck, socketEvents } from '@vault/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaValidator } from '../openapi-support';
import { buildTestApp, listenUrl, ORIGIN, seedCustomerAndAdmin, startLiveShow, type TestApp } from '../test-app';

interface Message {
  name: string;
  payload: object;
  'x-extra-arguments'?: Record<string, object>;
  'x-ack'?: object;
}
type AsyncApi = { asyncapi: string; components: { messages: Record<string, Message> } };

/** Every event a socket received, with all its arguments, in order. */
type Received = Array<{ event: string; args: unknown[] }>;

describe('the AsyncAPI document against real Socket.IO traffic', () => {
  let t: TestApp;
  let doc: AsyncApi;
  let validator: ReturnType<typeof schemaValidator>;
  let customerCookie: string;
  let adminCookie: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp('pglite', { listen: true });
    const seeded = await seedCustomerAndAdmin(t);
    customerCookie = seeded.customer.cookie;
    adminCookie = seeded.admin.cookie;
    const res = await t.app.inject({ method: 'GET', url: '/api/asyncapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    validator = schemaValidator(doc, 'asyncapi');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  /** The message documented for an event name ('show:state'), and its key in components.messages. */
  function messageFor(event: string): { key: string; message: Message } {
    const entry = Object.entries(doc.components.messages).find(([, message]) => message.name === event);
    if (!entry) throw new Error(`${event} is not documented in /api/asyncapi.json`);
    return { key: entry[0], message: entry[1] };
  }

  /** Fails with ajv's errors when `value` does not match the schema at `path` under the message. */
  function expectValid(event: string, path: string, value: unknown) {
    const { key } = messageFor(event);
    const validate = validator.getSchema(`asyncapi#/components/messages/${key}/${path}`);
    if (!validate) throw new Error(`no schema at ${key}/${path}`);
    const valid = validate(value);
    expect(validate.errors ?? [], `${event} ${path}: ${JSON.stringify(value).slice(0, 300)}`).toEqual([]);
    expect(valid).toBe(true);
  }

  /** Each received event's payload and extra arguments, against the document. */
  function expectAllValid(received: Received) {
    for (const { event, args } of received) {
      const { message } = messageFor(event);
      expectValid(event, 'payload', args[0]);
      Object.keys(message['x-extra-arguments'] ?? {}).forEach((name, i) => {
        expectValid(event, `x-extra-arguments/${name}`, args[i + 1]);
      });
    }
  }

  async function connect(cookie: string): Promise<{ socket: Socket; received: Received }> {
    const socket = io(listenUrl(t.app), {
      transports: ['websocket'],
      extraHeaders: { cookie, origin: ORIGIN },
      reconnection: false,
    });
    sockets.push(socket);
    const received: Received = [];
    socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
    await new Promise<void>((resolve, reject) => {
      socket.once(socketEvents.state, () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, received };
  }

  const seen = (received: Received) => new Set(received.map((r) => r.event));

  it('documents every event of the contracts', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(Object.values(doc.components.messages).map((m) => m.name)).toEqual(
      expect.arrayContaining(Object.values(socketEvents)),
    );
    expect(Object.keys(doc.components.messages)).toHaveLength(Object.keys(socketEvents).length);
  });

  it('describes what the server really sends: state, change, tick and watchers', async () => {
    const admin = await connect(adminCookie);
    const member = await connect(customerCookie);
    // A member arriving is counted for the admins.
    await expect.poll(() => seen(admin.received).has(socketEvents.watchers), { timeout: 5000 }).toBe(true);

    const { items } = await startLiveShow(t);
    const item = items[0];
    if (!item) throw new Error('no item');
    // A sale is a small edit of the view (the item sold): pushed as a change.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/show/buy',
      headers: { origin: ORIGIN, cookie: customerCookie },
      payload: { showItemId: item.id },
    });
    expect(res.statusCode).toBe(200);

    const everyServerEvent = [socketEvents.state, socketEvents.change, socketEvents.tick];
    await expect
      .poll(() => everyServerEvent.filter((e) => !seen(member.received).has(e)), { timeout: 10_000 })
      .toEqual([]);
    expect(seen(member.received).has(socketEvents.watchers)).toBe(false);
    expectAllValid(member.received);
    expectAllValid(admin.received);
  });

  it('describes the acks of clock:ping and show:buy, success and refusal', async () => {
    const { socket } = await connect(customerCookie);
    const ping = { clientTime: Date.now() };
    expectValid(socketEvents.clockPing, 'payload', ping);
    expectValid(socketEvents.clockPing, 'x-ack', await socket.timeout(5000).emitWithAck(socketEvents.clockPing, ping));

    const { items } = await startLiveShow(t);
    const item = items[0];
    if (!item) throw new Error('no item');
    const buy = { showItemId: item.id, idempotencyKey: 'asyncapi-buy-1' };
    expectValid(socketEvents.buy, 'payload', buy);
    const sold = (await socket.timeout(10_000).emitWithAck(socketEvents.buy, buy)) as SocketBuyAck;
    expect(sold.ok).toBe(true);
    expectValid(socketEvents.buy, 'x-ack', sold);

    // A malformed request: refused with the ErrorBody and status POST /api/show/buy would give.
    const refused = (await socket
      .timeout(10_000)
      .emitWithAck(socketEvents.buy, { showItemId: 'not-an-id' })) as SocketBuyAck;
    expect(refused).toMatchObject({ ok: false, code: 'invalid_request', status: 400 });
    expectValid(socketEvents.buy, 'x-ack', refused);
  });
});
