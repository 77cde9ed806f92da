import { ErrorCode, MessageResponse } from '@vault/contracts';

/**
 * The one way the web app calls the API: cookies always, JSON bodies and answers, and
 * any non-ok response becomes an ApiError whose message is "<status>: <body text or status text>"
 * (the generic failed response). A request that never got an answer (refused, or not within its timeout) becomes a
 * NetworkError.
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
    const parsed = MessageResponse.safeParse(this.json());
    return parsed.success ? parsed.data.message : undefined;
  }

  /**
   * The `code` of the server's `{ message, code }`: what the app decides on, never the text. Read
   * apart from the message, so a code this build does not know yet still leaves the message shown.
   */
  get code(): ErrorCode | undefined {
    const parsed = ErrorCode.safeParse((this.json() as { code?: unknown } | undefined)?.code);
    return parsed.success ? parsed.data : undefined;
  }

  private json(): unknown {
    try {
      return JSON.parse(this.body);
    } catch {
      return undefined; // not JSON
    }
  }
}

/**
 * The ApiError of a non-ok answer: "<status>: <body text or status text>", the body kept for
 * `serverMessage`. The HTTP client and the socket buy both build theirs here.
 */
export const answerError = (status: number, text: string, statusText = ''): ApiError =>
  new ApiError(status, `${status}: ${text || statusText}`, text);

/**
 * What a read of the API answered, as the app takes it: the parsed JSON of a 2xx, else the
 * ApiError of `answerError`. The HTTP client and the reads index.html started (boot-reads.ts) both
 * read their answers here.
 */
export function parseAnswer<T>(status: number, text: string, statusText = ''): T {
  if (status < 200 || status > 299) throw answerError(status, text, statusText);
  return JSON.parse(text) as T;
}

/** The browser could not reach the API at all (as opposed to the API answering with an error). */
export class NetworkError extends Error {
  constructor(
    cause: unknown,
    /** No answer within the request's timeout (the link may be dead rather than refusing). */
    readonly timedOut = false,
  ) {
    super('Unable to connect', { cause });
    this.name = 'NetworkError';
  }
}

/** The server's `{ message }` of a failed call, when it sent one. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.serverMessage : undefined;

/** The server's error `code` of a failed call, when it sent one (see ErrorCode in the contracts). */
export const serverCode = (error: unknown): ErrorCode | undefined =>
  error instanceof ApiError ? error.code : undefined;

type Headers = Record<string, string>;

/** A read that has not answered in this long is treated as lost. */
const READ_TIMEOUT_MS = 8000;
/** Writes may wait on the payment gateway: give them longer. */
const WRITE_TIMEOUT_MS = 20_000;

interface RequestOptions {
  headers?: Headers;
  /** Abort after this long (the request then fails as a NetworkError with `timedOut`). */
  timeoutMs?: number;
}

/**
 * Every request is aborted after its timeout: `fetch` has none of its own, and a request sent into
 * a dead pooled keep-alive connection would otherwise wait forever. Aborting an HTTP/1.1 request
 * in flight also makes the browser discard that connection, so the next request opens a fresh one
 * — which is as far as a page can go: fetch cannot ask for a new connection or evict the pool
 * (`keepalive` only lets a request outlive the page). `no-store` keeps every answer from the
 * network, never from a cache.
 */
async function request<T>(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const { headers = {}, timeoutMs = method === 'GET' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        credentials: 'include',
        cache: 'no-store',
        keepalive: false,
        signal: controller.signal,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // The body can stall as well as the headers: the timeout covers both.
      text = await response.text();
    } catch (error) {
      throw new NetworkError(error, timedOut);
    }
    return parseAnswer<T>(response.status, text, response.statusText);
  } finally {
    clearTimeout(timer);
  }
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
  patch: <T>(url: string, body: unknown) => request<T>('PATCH', url, body),
  /** A body only where the resource is named by it (DELETE /api/push/subscriptions `{ endpoint }`). */
  delete: <T>(url: string, body?: unknown) => request<T>('DELETE', url, body),
};
