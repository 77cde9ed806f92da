import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { takeBootRead } from './boot-reads';

/** The page as index.html's script leaves it: one recorded read per URL. */
function pageWithReads(reads: Record<string, unknown>) {
  const recorded = Object.fromEntries(Object.entries(reads).map(([url, answer]) => [url, Promise.resolve(answer)]));
  vi.stubGlobal('window', { vaultBootReads: recorded });
}

const answer = (status: number, body: string) => ({ status, statusText: '', body, sent: 1000, received: 1040 });

describe("the reads index.html's script started", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives an answer once, with when it left and came back; a second take finds none', async () => {
    pageWithReads({ '/api/auth/user': answer(200, '{"user":{"id":"u1"}}') });
    await expect(takeBootRead('/api/auth/user')).resolves.toEqual({
      value: { user: { id: 'u1' } },
      sent: 1000,
      received: 1040,
    });
    expect(takeBootRead('/api/auth/user')).toBeUndefined();
  });

  it('has nothing for a read the page did not start, or on a page without the script', () => {
    pageWithReads({ '/api/auth/user': answer(200, '{}') });
    expect(takeBootRead('/api/show/state')).toBeUndefined();
    vi.stubGlobal('window', {});
    expect(takeBootRead('/api/auth/user')).toBeUndefined();
  });

  it('turns a refusal into the ApiError api.get gives, with the server message kept', async () => {
    pageWithReads({ '/api/auth/user': answer(401, '{"message":"Not signed in","code":"unauthorized"}') });
    const refused = await takeBootRead('/api/auth/user')?.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, serverMessage: 'Not signed in' });
  });

  it('turns a failed or timed-out request into a NetworkError, timed out only for the deadline', async () => {
    pageWithReads({ '/a': { error: 'TimeoutError', sent: 1 }, '/b': { error: 'TypeError', sent: 1 } });
    const timedOut = await takeBootRead('/a')?.catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(NetworkError);
    expect(timedOut).toMatchObject({ timedOut: true });
    const failed = await takeBootRead('/b')?.catch((error: unknown) => error);
    expect(failed).toMatchObject({ timedOut: false });
  });
});
