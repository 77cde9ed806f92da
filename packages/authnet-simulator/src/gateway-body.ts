// The request.api endpoint reads its own body, like the gateway: whatever arrives (any content
// type or none, broken JSON, a byte order mark, a body over the limit) is answered with the
// gateway's JSON error envelope and HTTP 200, never with the web framework's 400, 413 or 415.

// A type, not an interface, so a failure is also a plain JSON record (a SimulatorReply body).
export type GatewayFailure = {
  messages: { resultCode: 'Error'; message: Array<{ code: string; text: string }> };
};

/** The gateway's error envelope: resultCode Error and one coded message. */
export const gatewayFailure = (code: string, text: string): GatewayFailure => ({
  messages: { resultCode: 'Error', message: [{ code, text }] },
});

/** The body as the JSON value it carries, or the gateway's refusal. */
export function parseGatewayBody(raw: unknown): { ok: true; value: unknown } | { ok: false; failure: GatewayFailure } {
  const text = typeof raw === 'string' ? raw.replace(/^\uFEFF/, '') : '';
  if (text.trimStart().startsWith('<'))
    return { ok: false, failure: gatewayFailure('E00003', 'The simulator accepts JSON requests only.') };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      failure: gatewayFailure('E00003', 'Unexpected character encountered while parsing the JSON request.'),
    };
  }
}

/** What the endpoint answers when the body never reached it (too large, unreadable). */
export const unreadableBody = () => gatewayFailure('E00003', 'The request could not be read.');

/** What the endpoint answers when the simulator itself failed: the gateway's generic error. */
export const processingError = () => gatewayFailure('E00001', 'An error occurred during processing. Please try again.');

/** A reply body as Authorize.Net writes it: JSON after a UTF-8 byte order mark. */
export const gatewayJson = (body: unknown) => `\uFEFF${JSON.stringify(body)}`;
