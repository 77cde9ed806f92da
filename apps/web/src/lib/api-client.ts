/**
 * The one way the web app calls the API (SPEC §7): cookies always, JSON bodies and answers, and
 * any non-ok response becomes an ApiError whose message is "<status>: <body text or status text>"
 * (SPEC §8). A request that never got an answer becomes a NetworkError.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // not JSON
    }
    return undefined;
  }
}

/** The browser could not reach the API at all (as opposed to the API answering with an error). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Unable to connect', { cause });
    this.name = 'NetworkError';
  }
}

/** The server's `{ message }` of a failed call, when it sent one. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.serverMessage : undefined;

type Headers = Record<string, string>;

async function request<T>(method: string, url: string, body?: unknown, headers: Headers = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, text);
  return JSON.parse(text) as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown, headers?: Headers) => request<T>('POST', url, body, headers),
  put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
  patch: <T>(url: string, body: unknown) => request<T>('PATCH', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
