/** The origin (scheme://host:port) of an Origin or Referer header value, or undefined if it has none. */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
