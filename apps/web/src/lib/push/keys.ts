// The VAPID public key arrives base64url (no padding); the Push API wants its bytes.

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this server key (a new key needs a new subscription). */
export function sameKey(made: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!made || made.byteLength !== key.byteLength) return false;
  const bytes = new Uint8Array(made);
  return bytes.every((byte, i) => byte === key[i]);
}
