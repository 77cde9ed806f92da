/**
 * The one way the web app calls the API (SPEC §7): cookies always, JSON bodies, and any non-ok
 * response becomes an ApiError whose message is "<status>: <body text or status text>" (SPEC §8).
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

export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, text);
  }
  return response;
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}
