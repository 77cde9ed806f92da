// VAPID (RFC 8292): the key pair that signs every push we send, and the settings the API and the
// worker read from their environment. Browsers bind each subscription to the public key, so the
// pair must be the same on every process of an install and stay the same for as long as its
// subscriptions should keep working.
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { z } from 'zod';
import { DEFAULT_PUSH_SERVICE_HOSTS, type PushServiceHosts, parsePushServiceHosts } from './endpoint';

export interface VapidKeys {
  /** The uncompressed P-256 point (65 bytes), base64url: what the browser's subscribe() takes. */
  publicKey: string;
  /** The 32-byte private scalar, base64url. */
  privateKey: string;
}

/** What the push sender needs, resolved from the env (and, embedded, the generated keys). */
export interface VapidSettings extends VapidKeys {
  /** The JWT's `sub`: a mailto: or https: contact the push services may write to. */
  subject: string;
  serviceHosts: PushServiceHosts;
}

/** A fresh pair for an install (web-push pads a short private key to its 32 bytes). */
export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a base64url string')
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, `must be ${what} (${bytes} bytes, base64url)`);

const vapidPublicKey = base64url(65, 'an uncompressed P-256 public key').refine(
  (value) => Buffer.from(value, 'base64url')[0] === 0x04,
  'must be an uncompressed P-256 public key (starting with byte 0x04)',
);
const vapidPrivateKey = base64url(32, 'a P-256 private key');

/** The keys' pair check: a public key that is not the private key's own would make every push fail (403). */
export function vapidPairProblem(keys: VapidKeys): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === keys.publicKey ? null : 'is not the public key of VAPID_PRIVATE_KEY';
  } catch {
    return 'is not a valid P-256 private key';
  }
}

const GENERATE = 'npx web-push generate-vapid-keys, or the openssl lines in docker-compose.yml';

/** Web Push variables the API and the worker both read: spread into each app's env schema. */
export const pushEnv = {
  VAPID_PUBLIC_KEY: vapidPublicKey
    .optional()
    .describe(
      `Web Push (docs/push.md): the VAPID public key, base64url (65 bytes, as ${GENERATE} write it). Required in scaled mode, the same on the API and every worker; embedded mode generates a pair into DATA_DIR/secrets.json. A new pair makes every member's subscription useless.`,
    ),
  VAPID_PRIVATE_KEY: vapidPrivateKey
    .optional()
    .describe('Web Push: the private half of VAPID_PUBLIC_KEY, base64url (32 bytes); set the two together.'),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional()
    .describe(
      'Web Push: the contact push services may write to about our pushes (the VAPID JWT’s sub). Unset: mailto:admin@ the host of PUBLIC_URL; set a real inbox in production.',
    ),
  PUSH_SERVICE_HOSTS: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parsePushServiceHosts(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .default(DEFAULT_PUSH_SERVICE_HOSTS)
    .describe(
      'Web Push: the push services a subscription’s endpoint may point at, comma-separated host names or *.suffix patterns (https only); http://host:port allows plain http to exactly that address (tests). A member’s endpoint elsewhere is refused, so nobody can make the server POST to an address of their choosing.',
    ),
};

interface PushEnvInput {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}

/** The shared refusals: both keys or neither, a matching pair, and both in scaled mode. */
export function pushRules(env: PushEnvInput, ctx: z.RefinementCtx, options: { scaled: boolean }): void {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (publicKey && privateKey) {
    const problem = vapidPairProblem({ publicKey, privateKey });
    if (problem) ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: problem });
    return;
  }
  if (options.scaled) {
    for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required in scaled mode (the same pair on the API and every worker; generate one with ${GENERATE})`,
        });
    }
  } else if (publicKey || privateKey) {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PRIVATE_KEY'],
      message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
    });
  }
}

/**
 * The sender's settings: the env's keys, else `generated` (embedded mode's from secrets.json);
 * null when there are none. Call after the schema's checks (pushRules) passed.
 */
export function resolveVapidSettings(
  env: PushEnvInput & { VAPID_SUBJECT?: string; PUSH_SERVICE_HOSTS: string },
  publicUrl: string,
  generated?: VapidKeys,
): VapidSettings | null {
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : generated;
  if (!keys) return null;
  return {
    ...keys,
    subject: env.VAPID_SUBJECT ?? `mailto:admin@${new URL(publicUrl).hostname}`,
    serviceHosts: parsePushServiceHosts(env.PUSH_SERVICE_HOSTS),
  };
}
