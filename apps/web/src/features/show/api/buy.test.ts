import { IDEMPOTENCY_HEADER, socketEvents } from '@vault/contracts';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { holdLiveSocket, releaseLiveSocket } from '../../../lib/live-show/live-socket';
import { bought } from '../bought.fixture';
import { answerLost, outcomeUnknown } from '../idempotency';
import { sendBuy } from './buy';
import { fakeSocket, soon } from './fake-socket.fixture';

const ITEM = bought.item.id;
const KEY = 'key-0123456789';

describe('choosing the transport of a buy', () => {
  let post: MockInstance<typeof api.post>;
  let live: ReturnType<typeof fakeSocket>;

  beforeEach(() => {
    post = vi.spyOn(api, 'post').mockResolvedValue(bought);
    live = fakeSocket();
  });
  afterEach(() => {
    releaseLiveSocket(live.socket);
    vi.restoreAllMocks();
  });

  it('POSTs /api/show/buy with the key and a 10 s timeout while no socket is live', async () => {
    await expect(sendBuy({ showItemId: ITEM }, KEY)).resolves.toEqual(bought);
    expect(post).toHaveBeenCalledExactlyOnceWith(
      '/api/show/buy',
      { showItemId: ITEM },
      { headers: { [IDEMPOTENCY_HEADER]: KEY }, timeoutMs: 10_000 },
    );
    expect(live.sent).toHaveLength(0);
  });

  it("gives the caller a draw item's entry from a 202, and fails an answer it cannot read as an unknown outcome", async () => {
    const entered = { entered: true, entryNumber: 4, drawId: '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22', first: true };
    post.mockResolvedValueOnce(entered);
    await expect(sendBuy({ showItemId: ITEM }, KEY)).resolves.toEqual(entered);
    post.mockResolvedValueOnce({ entered: true });
    const error = await sendBuy({ showItemId: ITEM }, KEY).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502 });
    expect(outcomeUnknown(error)).toBe(true);
    expect(answerLost(error)).toBe(false);
  });

  it('emits over the live socket instead, with the same 10 s, and sends no HTTP request', async () => {
    holdLiveSocket(live.socket);
    const result = sendBuy({ showItemId: ITEM }, KEY);
    expect(live.sent).toMatchObject([
      { event: socketEvents.buy, payload: { showItemId: ITEM, idempotencyKey: KEY }, timeoutMs: 10_000 },
    ]);
    live.sent[0]?.ack(null, { ok: true, response: bought });
    await expect(result).resolves.toEqual(bought);
    expect(post).not.toHaveBeenCalled();
  });

  it('falls back to HTTP once the held socket is no longer connected', async () => {
    holdLiveSocket(live.socket);
    live.socket.connected = false;
    await sendBuy({ showItemId: ITEM }, KEY);
    expect(post).toHaveBeenCalledOnce();
    expect(live.sent).toHaveLength(0);
  });

  it('keeps the live socket when an older one is released', async () => {
    const old = fakeSocket();
    holdLiveSocket(old.socket);
    holdLiveSocket(live.socket);
    releaseLiveSocket(old.socket);
    void sendBuy({ showItemId: ITEM }, KEY);
    expect(live.sent).toHaveLength(1);
    expect(post).not.toHaveBeenCalled();
  });

  it('re-sends a buy lost with a dropped socket over HTTP, with the same key', async () => {
    holdLiveSocket(live.socket);
    const first = sendBuy({ showItemId: ITEM }, KEY).catch((error: unknown) => error);
    // The feed releases the socket on 'disconnect'; the pending buy learns of the drop at once.
    releaseLiveSocket(live.socket);
    live.drop();
    expect(answerLost(await soon(first))).toBe(true);

    await expect(sendBuy({ showItemId: ITEM }, KEY)).resolves.toEqual(bought);
    expect(post).toHaveBeenCalledExactlyOnceWith('/api/show/buy', { showItemId: ITEM }, expect.anything());
    expect(post.mock.calls[0]?.[2]).toMatchObject({ headers: { [IDEMPOTENCY_HEADER]: KEY } });
    expect(live.sent).toHaveLength(1);
  });
});
