import { buyMessages } from '@vault/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NetworkError, serverCode, serverMessage } from './api-client';

/** A fetch into a dead connection: it never answers, and only an abort ends it. */
function deadLink(): typeof fetch {
  return (_url, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

describe('api client on a dead link', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('gives up a request after its timeout instead of waiting forever', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(deadLink()));
    const poll = api.get('/api/show/state', { timeoutMs: 2500 });
    const failure = expect(poll).rejects.toMatchObject({ name: 'NetworkError', timedOut: true });
    await vi.advanceTimersByTimeAsync(2500);
    await failure;
  });

  it('asks for an answer from the network, never a cache', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetch);
    await expect(api.get('/api/show/state')).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/show/state', expect.objectContaining({ cache: 'no-store' }));
  });

  it('reports a refused connection as a NetworkError that did not time out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.post('/api/show/buy', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(false);
  });
});

describe('the error an API answer becomes', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = async (status: number, body: string) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status })),
    );
    return api.post('/api/show/buy', {}).catch((e: unknown) => e);
  };

  it('exposes the code and the message of `{ message, code }`', async () => {
    const error = await answer(409, JSON.stringify({ message: buyMessages.sold, code: 'sold' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(serverCode(error)).toBe('sold');
    expect(serverMessage(error)).toBe(buyMessages.sold);
  });

  it('keeps the message when the code is one this build does not know, or missing', async () => {
    const unknown = await answer(409, JSON.stringify({ message: 'Something new', code: 'from_the_future' }));
    expect(serverCode(unknown)).toBeUndefined();
    expect(serverMessage(unknown)).toBe('Something new');
    expect(serverCode(await answer(502, 'Bad Gateway'))).toBeUndefined();
  });
});
