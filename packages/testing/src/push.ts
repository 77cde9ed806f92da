import { randomBytes } from 'node:crypto';
import type { Database, PushKind } from '@vault/db';
import type { Kysely } from 'kysely';

/**
 * Browsers of a member that turned push on, written straight to the database (keys of the right
 * sizes, endpoints on a real push service's host), and the kinds the member wants when given
 * (none: no preferences row, every kind).
 */
export async function subscribePushDevices(
  db: Kysely<Database>,
  userId: string,
  options: { devices?: number; kinds?: PushKind[] } = {},
): Promise<void> {
  const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');
  for (let i = 0; i < (options.devices ?? 1); i++) {
    await db
      .insertInto('pushSubscriptions')
      .values({ userId, endpoint: `https://fcm.googleapis.com/fcm/send/${b64(24)}`, p256dh: b64(65), auth: b64(16) })
      .execute();
  }
  if (options.kinds) await db.insertInto('pushPreferences').values({ userId, kinds: options.kinds }).execute();
}
