import { randomUUID } from 'node:crypto';
import type { User, UserUpdate } from '@vault/db';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { deleteAllHearts } from '../hearts';
import { deleteAllCards, GatewayError } from '../payments';
import { deleteUserSessions } from '../platform/session/repository';
import { deleteAllPush } from '../push';
import { deleteAllReminders } from '../reminders';
import { hasSalesRecords, insertRetiredAccount, moveSalesRecords } from './retired-accounts.repository';
import { announceUserSessionsEnded } from './sessions';
import { clearCustomerProfile, findUserById, findUserForUpdate, updateUser } from './users.repository';

type ReclaimDeps = Pick<ServiceDeps, 'db' | 'sessionStore' | 'payments' | 'log'>;

/** What the owner's own identity brings: its link and the names and picture their provider gave. */
export interface OwnerIdentity {
  link: Pick<UserUpdate, 'googleId' | 'oidcSubject'>;
  profile: Pick<UserUpdate, 'firstName' | 'lastName' | 'fullName' | 'avatarUrl'>;
}

/**
 * reclaimed: the account is the owner's alone now. linked: the address was verified while we
 * waited for the row (the owner followed our link), so it is simply linked. admin / gone: nothing
 * was changed; the caller refuses or looks again.
 */
export type ReclaimOutcome = { kind: 'reclaimed' | 'linked'; user: User } | { kind: 'admin' } | { kind: 'gone' };

/**
 * Hands an account whose email was never verified to the owner of that address, proved by an
 * external identity with a verified email. Anyone can register an address they do not own (login
 * does not ask for verification), so everything on such an account may be a stranger's: their
 * password and sessions, and what they planted for the owner to inherit or be watched through —
 * shipping address, profile, saved cards, hearts, reminders and their unsubscribe tokens, browsers
 * subscribed to pushes. What they bought moves to a retired account, so the owner's orders start
 * empty too.
 *
 * The owner starts as a new member would: names from their provider, onboarding to do. Keeping a
 * profile someone else filled in would ship the owner's first purchase to the stranger's address.
 *
 * All database changes are one transaction, committed before the caller creates the owner's
 * session: a crash leaves either the untouched account (the next sign-in reclaims it) or the
 * clean one, never a linked account the stranger can still use. The row is locked first, so a
 * concurrent verification or second callback sees the decision. Then every replica forgets the
 * ended sessions, and the cards are deleted at the gateway (cleanupGateway).
 */
export async function claimByVerifiedEmail(
  deps: ReclaimDeps,
  accountId: string,
  owner: OwnerIdentity,
): Promise<ReclaimOutcome> {
  const outcome = await withTransaction(deps.db, async (trx) => {
    const row = await findUserForUpdate(trx, accountId);
    if (!row) return { kind: 'gone' as const };
    if (row.role === 'admin') return { kind: 'admin' as const };
    if (row.emailVerified) {
      const user = await updateUser(trx, row.id, { ...owner.link, updatedAt: new Date() });
      return { kind: 'linked' as const, user };
    }
    const cards = await deleteAllCards(trx, row.id);
    const hearts = await deleteAllHearts(trx, row.id);
    const reminders = await deleteAllReminders(trx, row.id);
    // A browser the stranger subscribed would get the owner's pushes (what they won, what shipped).
    const pushBrowsers = await deleteAllPush(trx, row.id);
    const sessions = await deleteUserSessions(trx, row.id);
    // What the stranger bought stays a record (money moved, an admin may capture, void or ship
    // it) but not on the owner's Orders tab: it moves to an account nobody can sign in to.
    let retiredAccountId: string | null = null;
    if (await hasSalesRecords(trx, row.id)) {
      retiredAccountId = (await insertRetiredAccount(trx, row, randomUUID())).id;
      await moveSalesRecords(trx, row.id, retiredAccountId);
    }
    const user = await updateUser(trx, row.id, {
      password: null,
      emailVerified: true,
      resetToken: null,
      resetTokenExpiry: null,
      verificationToken: null,
      verificationTokenExpiry: null,
      // Only the owner's identity stays linked: another one was linked by whoever held the account.
      googleId: null,
      oidcSubject: null,
      ...owner.link,
      ...owner.profile,
      skillLevel: null,
      onboardingCompleted: false,
      address: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      phoneNumber: null,
      // The customer profile stays named until the gateway has deleted it (cleanupGateway).
      authNetPaymentProfileId: null,
      updatedAt: new Date(),
    });
    const profiles = new Set(cards.map((card) => card.customerProfileId));
    if (row.authNetCustomerProfileId) profiles.add(row.authNetCustomerProfileId);
    const planted = { cards: cards.length, hearts, reminders, pushBrowsers, sessions, retiredAccountId };
    return { kind: 'reclaimed' as const, user, profiles: [...profiles], cards, planted };
  });
  if (outcome.kind !== 'reclaimed') return outcome;

  await announceUserSessionsEnded(deps, accountId);
  deps.log.warn(
    { userId: accountId, discarded: outcome.planted },
    'an external sign-in with a verified email claimed an account whose email was never verified: its password, sessions, profile, cards, hearts, reminders and push subscriptions were discarded, and its orders moved to a retired account',
  );
  await cleanupGateway(deps, accountId, outcome.profiles, outcome.cards);
  // The row as it now is (the customer profile cleared once the gateway deleted it).
  return { kind: 'reclaimed', user: (await findUserById(deps.db, accountId)) ?? outcome.user };
}

/**
 * Deletes the stranger's customer profiles at the gateway, their payment profiles with them. A
 * profile the gateway no longer knows (E00040) is done. One that could not be deleted now stays
 * named on the account — not leaked: a card the owner saves later joins it, and our rows never
 * point at the stranger's cards again — and the log names exactly what to remove by hand.
 */
async function cleanupGateway(
  deps: ReclaimDeps,
  userId: string,
  profiles: string[],
  cards: Array<{ customerProfileId: string; paymentProfileId: string }>,
): Promise<void> {
  for (const customerProfileId of profiles) {
    try {
      await deps.payments.deleteCustomerProfile(customerProfileId);
    } catch (error) {
      if (!(error instanceof GatewayError && error.code === 'E00040')) {
        const paymentProfileIds = cards
          .filter((card) => card.customerProfileId === customerProfileId)
          .map((card) => card.paymentProfileId);
        deps.log.error(
          { err: error, userId, customerProfileId, paymentProfileIds },
          "could not delete a reclaimed account's saved cards at the gateway: delete these payment profiles of this customer profile in the gateway's Customer Information Manager",
        );
        continue;
      }
    }
    await clearCustomerProfile(deps.db, userId, customerProfileId);
  }
}
