import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { randomId, type SimulatorTables } from '@vault/authnet-simulator';
import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';

export type SimulatedCard = 'approve' | 'decline-charge' | 'error-charge' | 'timeout-charge';

export interface SeededMember {
  userId: string;
  email: string;
  /** A `Cookie` header value for a signed-in session of this member. */
  cookie: string;
}

const MONTH_MS = 30 * 24 * 3600 * 1000;

/**
 * Members who finished onboarding and saved a card with the payment simulator, each with a live
 * session — in bulk, because a benchmark needs thousands and logging each in costs a scrypt hash.
 * The rows are what onboarding and login write; the cookie is signed like @fastify/session signs
 * its own, so the app under test treats them as any signed-in member. The simulator's tables must
 * exist: seed after an app in simulator mode has started on this database (it migrates them).
 */
export async function seedOnboardedMembers(
  db: Kysely<Database>,
  options: { count: number; sessionSecret: string; card?: SimulatedCard; emailPrefix?: string },
): Promise<SeededMember[]> {
  const signer = new Signer(options.sessionSecret);
  const prefix = options.emailPrefix ?? `buyer-${randomBytes(4).toString('hex')}`;
  const members: SeededMember[] = [];
  const simulator = db.withTables<SimulatorTables>();
  const batch = 250;
  for (let start = 0; start < options.count; start += batch) {
    const size = Math.min(batch, options.count - start);
    const indexes = Array.from({ length: size }, (_, i) => start + i);
    const users = await db
      .insertInto('users')
      .values(
        indexes.map((i) => ({
          email: `${prefix}-${i}@example.com`,
          firstName: 'Test',
          lastName: `Buyer ${i}`,
          fullName: `Test Buyer ${i}`,
          emailVerified: true,
          onboardingCompleted: true,
          address: `${i} Forge Street`,
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          country: 'US',
          skillLevel: 'expert' as const,
          // Of age under any minimum an operator sets, so eligibility never refuses them by age.
          dateOfBirth: '1990-01-01',
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const customers = await simulator
      .insertInto('authnetSimCustomers')
      .values(
        users.map((u) => ({
          id: randomId('profile'),
          merchantCustomerId: u.id.replace(/-/g, '').slice(0, 20),
          email: u.email,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const profiles = await simulator
      .insertInto('authnetSimPaymentProfiles')
      .values(
        customers.map((c) => ({
          id: randomId('profile'),
          customerId: c.id,
          cardType: 'Visa',
          last4: '1111',
          expiration: '2030-12',
          behavior: options.card ?? 'approve',
          isDefault: true,
        })),
      )
      .returning(['id', 'customerId'])
      .execute();
    const expire = new Date(Date.now() + MONTH_MS);
    const rows = users.map((user, i) => {
      const customer = customers[i];
      const profile = profiles.find((p) => p.customerId === customer?.id);
      if (!customer || !profile) throw new Error('seeding lost a row');
      return { user, customerProfileId: String(customer.id), paymentProfileId: String(profile.id) };
    });
    for (const row of rows) {
      await db
        .updateTable('users')
        .set({ authNetCustomerProfileId: row.customerProfileId, authNetPaymentProfileId: row.paymentProfileId })
        .where('id', '=', row.user.id)
        .execute();
    }
    await db
      .insertInto('paymentMethods')
      .values(
        rows.map((r) => ({
          userId: r.user.id,
          customerProfileId: r.customerProfileId,
          paymentProfileId: r.paymentProfileId,
          cardType: 'Visa',
          last4: '1111',
          isDefault: true,
        })),
      )
      .execute();
    const sessions = rows.map((r) => ({
      sid: randomBytes(24).toString('base64url'),
      userId: r.user.id,
      email: r.user.email,
    }));
    await db
      .insertInto('sessions')
      .values(
        sessions.map((s) => ({
          sid: s.sid,
          expire,
          sess: JSON.stringify({
            cookie: {
              originalMaxAge: MONTH_MS,
              expires: expire.toISOString(),
              secure: false,
              httpOnly: true,
              path: '/',
              sameSite: 'lax',
            },
            userId: s.userId,
          }),
        })),
      )
      .execute();
    for (const s of sessions) {
      members.push({ userId: s.userId, email: s.email, cookie: `vault.sid=${encodeURIComponent(signer.sign(s.sid))}` });
    }
  }
  return members;
}
