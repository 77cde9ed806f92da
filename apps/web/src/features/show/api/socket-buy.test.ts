import { buyMessages, drawMessages, socketEvents } from '@vault/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NetworkError } from '../../../lib/api-client';
import { bought } from '../bought.fixture';
import { isSoldOut, purchaseErrorToast } from '../buy-toasts';
import { answerLost, outcomeUnknown } from '../idempotency';
import { fakeSocket, soon } from './fake-socket.fixture';
import { emitBuy } from './socket-buy';

const ITEM = bought.item.id;
const KEY = 'key-0123456789';
const DRAW = '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22';

/** What api-client throws for an HTTP answer of this status and body. */
async function httpRefusal(status: number, body: string): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );
  return api.post('/api/show/buy', { showItemId: ITEM }).catch((error: unknown) => error);
}

const fields = ({ name, status, message, body, serverMessage, code }: ApiError) => ({
  name,
  status,
  message,
  body,
  serverMessage,
  code,
});

/** Emits a buy on a fake socket and answers its ack with `reply`. */
function buyAnsweredWith(reply: unknown) {
  const { socket, sent } = fakeSocket();
  const result = emitBuy(socket, { showItemId: ITEM }, KEY, 10_000);
  sent[0]?.ack(null, reply);
  return result;
}

const refusedWith = (reply: unknown) => buyAnsweredWith(reply).catch((error: unknown) => error);

describe('Buy over the live socket', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('emits show:buy with the item, the key and the timeout it is given, acknowledged', () => {
    const { socket, sent } = fakeSocket();
    void emitBuy(socket, { showItemId: ITEM }, KEY, 10_000);
    expect(sent).toEqual([
      {
        event: socketEvents.buy,
        payload: { showItemId: ITEM, idempotencyKey: KEY },
        timeoutMs: 10_000,
        ack: expect.any(Function),
      },
    ]);
  });

  it('resolves with the purchase of an ok ack, as the HTTP 200 body', async () => {
    await expect(buyAnsweredWith({ ok: true, response: bought })).resolves.toEqual(bought);
  });

  it("resolves with the entry of a draw item's ack, as the HTTP 202 body", async () => {
    const entered = { entered: true, entryNumber: 17, drawId: DRAW, first: true };
    await expect(buyAnsweredWith({ ok: true, entered })).resolves.toEqual(entered);
    // A second press answers the same entry again.
    const again = { ...entered, first: false };
    await expect(buyAnsweredWith({ ok: true, entered: again })).resolves.toEqual(again);
  });

  it('turns a refusal into the very ApiError api-client makes of the same HTTP answer', async () => {
    for (const [status, message, code] of [
      [409, drawMessages.closed, 'draw_closed'],
      [403, drawMessages.suspended, 'buying_suspended'],
      [409, buyMessages.sold, 'sold'],
      [409, buyMessages.notOnSale, 'not_on_sale'],
      [402, buyMessages.declined, 'card_declined'],
      [403, buyMessages.onboardingRequired, 'onboarding_required'],
      [502, buyMessages.gatewayFailed, 'payment_failed'],
    ] as const) {
      const overSocket = await refusedWith({ ok: false, status, message, code });
      const overHttp = await httpRefusal(status, JSON.stringify({ message, code }));
      expect((overSocket as ApiError).code).toBe(code);
      expect(overSocket).toBeInstanceOf(ApiError);
      expect(overHttp).toBeInstanceOf(ApiError);
      expect(fields(overSocket as ApiError)).toEqual(fields(overHttp as ApiError));
      expect(purchaseErrorToast(overSocket)).toEqual(purchaseErrorToast(overHttp));
      expect(isSoldOut(overSocket)).toBe(isSoldOut(overHttp));
      expect(outcomeUnknown(overSocket)).toBe(outcomeUnknown(overHttp));
      expect(answerLost(overSocket)).toBe(false);
    }
  });

  it("shows a draw's refusals in the server's words, as Purchase Failed", async () => {
    for (const [status, message, code] of [
      [409, drawMessages.closed, 'draw_closed'],
      [403, drawMessages.suspended, 'buying_suspended'],
    ] as const) {
      expect(purchaseErrorToast(await refusedWith({ ok: false, status, message, code }))).toEqual({
        title: 'Purchase Failed',
        description: message,
        variant: 'destructive',
      });
    }
  });

  it('shows the same toasts as over HTTP, word for word', async () => {
    expect(
      purchaseErrorToast(await refusedWith({ ok: false, status: 409, message: buyMessages.sold, code: 'sold' })),
    ).toEqual({
      title: 'Already Sold',
      description: 'This knife has already been sold to another individual.',
      variant: 'destructive',
    });
    const declined = { ok: false, status: 402, message: buyMessages.declined, code: 'card_declined' };
    expect(purchaseErrorToast(await refusedWith(declined))).toEqual({
      title: 'Purchase Failed',
      description: buyMessages.declined,
      variant: 'destructive',
    });
  });

  it('counts an ack it cannot read as an unknown outcome, like a 5xx: key kept, not re-sent', async () => {
    for (const reply of [
      undefined,
      'bought',
      { ok: true },
      { ok: true, response: { item: bought.item } },
      { ok: false, status: 200, message: 'fine', code: 'sold' },
      { ok: false, status: 409 },
      { ok: false, status: 409, message: buyMessages.sold },
      // A draw entry without its number or draw, or with a number no draw gives.
      { ok: true, entered: { entered: true, drawId: DRAW, first: true } },
      { ok: true, entered: { entered: true, entryNumber: 0, drawId: DRAW, first: true } },
      { ok: true, entered: { entered: true, entryNumber: 3, first: true } },
      { ok: true, entered: { entered: false, entryNumber: 3, drawId: DRAW, first: true } },
    ]) {
      const error = await refusedWith(reply);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBeGreaterThanOrEqual(500);
      expect(outcomeUnknown(error)).toBe(true);
      expect(answerLost(error)).toBe(false);
      expect(purchaseErrorToast(error)).toEqual({
        title: 'Purchase Failed',
        description: 'Unable to complete purchase',
        variant: 'destructive',
      });
    }
  });

  it('treats an ack that timed out as a lost answer, to be re-sent with the same key', async () => {
    const { socket, sent, listeners } = fakeSocket();
    const result = emitBuy(socket, { showItemId: ITEM }, KEY, 10_000).catch((error: unknown) => error);
    sent[0]?.ack(new Error('operation has timed out'));
    const error = await result;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true });
    expect(answerLost(error)).toBe(true);
    expect(outcomeUnknown(error)).toBe(true);
    expect(listeners()).toBe(0);
  });

  it('gives up at once when the link drops before the ack, without waiting for the timeout', async () => {
    const { socket, drop } = fakeSocket();
    const result = emitBuy(socket, { showItemId: ITEM }, KEY, 10_000).catch((error: unknown) => error);
    drop();
    const error = await soon(result);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: false });
    expect(answerLost(error)).toBe(true);
  });

  it('leaves no disconnect listener behind once answered', async () => {
    const { socket, sent, listeners } = fakeSocket();
    const result = emitBuy(socket, { showItemId: ITEM }, KEY, 10_000);
    expect(listeners()).toBe(1);
    sent[0]?.ack(null, { ok: true, response: bought });
    await result;
    expect(listeners()).toBe(0);
  });
});
