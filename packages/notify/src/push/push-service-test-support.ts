// A push service for tests, written from the RFCs with node:crypto alone (not with web-push's own
// code, which would only check itself): a local HTTP server that records each push, decrypts it
// as a browser would (RFC 8291 over RFC 8188 aes128gcm) and checks its VAPID JWT (RFC 8292).
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: the keys it gives the server, and what it needs to read a push. */
export interface BrowserKeys {
  /** Uncompressed P-256 public key, base64url (PushSubscription.keys.p256dh). */
  p256dh: string;
  /** The 16-byte authentication secret, base64url (PushSubscription.keys.auth). */
  auth: string;
  /** The plaintext of an aes128gcm body sent to this subscription; throws when it does not decrypt. */
  decrypt(body: Buffer): Buffer;
}

export function createBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey('base64url'),
    auth: auth.toString('base64url'),
    decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
  };
}

const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');
const hkdf = (ikm: Buffer, salt: Buffer, label: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, label, length));

/**
 * RFC 8291 §3.3–3.4 and RFC 8188 §2: the header salt(16) | rs(4) | idlen(1) | keyid (the sender's
 * ephemeral public key); IKM from ECDH with that key and the auth secret; CEK and nonce from IKM
 * and the salt; each record AES-128-GCM with the nonce XOR its sequence number; the last record's
 * padding delimiter 0x02 (0x01 before it), then zeros.
 */
export function decryptAes128gcm(body: Buffer, browser: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idlen);
  if (senderPublic.length !== 65 || senderPublic[0] !== 0x04) throw new Error('keyid is not an uncompressed P-256 key');
  if (rs < 18) throw new Error(`record size ${rs} too small`);
  const ecdhSecret = browser.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([info('WebPush: info'), browser.getPublicKey(), senderPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, info('Content-Encoding: aes128gcm'), 16);
  const baseNonce = hkdf(ikm, salt, info('Content-Encoding: nonce'), 12);

  const records = body.subarray(21 + idlen);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq++) {
    const record = records.subarray(offset, offset + rs);
    const last = offset + rs >= records.length;
    const nonce = Buffer.from(baseNonce);
    // The sequence number is XORed into the nonce's low bits (32 of them are enough for any push).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const delimiter = padded[end];
    if (delimiter !== (last ? 0x02 : 0x01)) throw new Error(`record ${seq}: padding delimiter ${delimiter}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** A VAPID key pair as VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY hold it, made with node:crypto. */
export function createVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey drops leading zero bytes; the variable holds all 32.
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: privateKey.toString('base64url') };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §2–3): k is our public key, the
 * JWT is ES256 and its signature verifies with that key; returns its claims for the caller to judge.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a vapid Authorization header: ${authorization}`);
  if (match[2] !== publicKey) throw new Error('k is not our VAPID public key');
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg ${head.alg}`);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  // JWS ES256 signatures are r || s (64 bytes), not DER.
  const ok = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('JWT signature does not verify with the VAPID public key');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The status this request was answered with. */
  status: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface TestPushService {
  /** http://127.0.0.1:<port>: the origin of its endpoints (the JWT's aud). */
  origin: string;
  /** An endpoint URL of its own for one subscription. */
  endpoint(): string;
  received: ReceivedPush[];
  /** The answers to the next requests, in order; after them, 201 Created. */
  answer(...answers: Answer[]): void;
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const queued: Answer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = queued.shift() ?? { status: 201 };
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        status: answer.status,
      });
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    endpoint: () => `${origin}/push/${randomBytes(12).toString('base64url')}`,
    received,
    answer: (...answers) => queued.push(...answers),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
