/**
 * fetch() under one deadline that cancels the request (the socket is closed, nothing is left
 * running) and covers reading the body: `read` runs under the same signal, so a server that sends
 * its headers and then stalls is cut off too. A timeout rejects with "<what> timed out after <ms> ms".
 */
export async function fetchWithin<T>(
  url: string,
  init: RequestInit,
  deadline: { ms: number; what: string },
  read: (response: Response) => Promise<T>,
): Promise<T> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(deadline.ms) });
    return await read(response);
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new Error(`${deadline.what} timed out after ${deadline.ms} ms`, { cause: error });
    }
    throw error;
  }
}
