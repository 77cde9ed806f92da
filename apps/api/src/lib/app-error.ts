/** The one error type handlers throw; the error handler turns it into `{ message }` with this status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Sent with the answer (Retry-After on a 429), so services can refuse without a reply object. */
    readonly headers: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
