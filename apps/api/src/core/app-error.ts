import type { ErrorCode } from '@vault/contracts';

/**
 * The one error type handlers throw; the error handler turns it into `{ message, code }` with this
 * status. The code is typed so a condition cannot drift to a second spelling.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent with the answer (Retry-After on a 429), so services can refuse without a reply object. */
    readonly headers: Record<string, string | number> = {},
    /** What it answers for (a gateway timeout behind a failed payment): for logs and metrics, never sent. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}
