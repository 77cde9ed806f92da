import { generateKeyPairSync } from 'node:crypto';

/**
 * Environment for an API or worker process in scaled mode, which requires a Web Push (VAPID) pair:
 * a fresh P-256 pair in the shapes the apps take (uncompressed public point, 32-byte private
 * scalar, base64url). Pass the same object to every process of one deployment.
 */
export function vapidEnv(): Record<'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY', string> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  // A JWK writes x, y and d at their full 32 bytes each.
  const { x = '', y = '', d = '' } = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.of(0x04), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: d };
}
