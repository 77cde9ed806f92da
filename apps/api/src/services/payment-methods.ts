import { type OpaqueDataBody, type PaymentMethodView, paymentMessages } from '@vault/contracts';
import type { PaymentMethod, User } from '@vault/db';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../lib/app-error';
import { GatewayError } from '../payments/authnet/client';
import type { BillTo } from '../payments/authnet/requests';
import type { CardAttempt } from './card-guard';

export function toPaymentMethodView(row: PaymentMethod): PaymentMethodView {
  return { id: row.id, cardType: row.cardType, last4: row.last4, isDefault: row.isDefault };
}

/** Gateway outcomes as answers a member can act on. */
export function gatewayToAppError(error: unknown): unknown {
  if (!(error instanceof GatewayError)) return error;
  if (error.failure === 'declined') return new AppError(402, 'card_declined', paymentMessages.declined);
  if (error.code === 'E00114') return new AppError(400, 'invalid_token', paymentMessages.validationFailed);
  if (error.code === 'E00039') return new AppError(409, 'duplicate_card', paymentMessages.duplicateCard);
  if (error.failure === 'error')
    return new AppError(502, 'gateway_error', paymentMessages.gatewayRefused(error.message));
  return new AppError(502, 'gateway_unavailable', paymentMessages.gatewayUnavailable);
}

function billToOf(user: User): BillTo {
  const [first, ...rest] = (user.fullName ?? '').split(/\s+/);
  return {
    firstName: (user.firstName ?? first ?? '').slice(0, 50) || undefined,
    lastName: (user.lastName ?? rest.join(' ')).slice(0, 50) || undefined,
    address: user.address ?? undefined,
    city: user.city ?? undefined,
    state: user.state ?? undefined,
    zip: user.zip ?? undefined,
    country: user.country ?? undefined,
    phoneNumber: user.phoneNumber ?? undefined,
  };
}

/** Saved cards of a member; `db` may be a transaction. */
async function countCards(db: FastifyInstance['db'], userId: string): Promise<number> {
  const row = await db
    .selectFrom('paymentMethods')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Thrown inside the saving transaction when a concurrent addition took the last free slot. */
class CardLimitReached extends Error {}

/**
 * Saves a card from an Accept.js token: creates the member's customer profile on the gateway
 * when missing (else adds a payment profile), validated with a live $0 authorisation, and makes
 * it the default. We keep only the gateway's ids, the card brand and its last four digits.
 *
 * A member holds at most `limits.cards.maxSaved` cards. The cheap check comes first (no gateway
 * call for a member who is already full); the binding one is in the saving transaction, under a
 * lock on the member's row, so concurrent additions cannot together pass the cap.
 */
export async function addPaymentMethod(
  app: FastifyInstance,
  user: User,
  opaque: OpaqueDataBody,
  attempt: CardAttempt,
): Promise<PaymentMethod> {
  const { maxSaved } = app.limits.cards;
  if ((await countCards(app.db, user.id)) >= maxSaved) {
    throw new AppError(409, 'card_limit', paymentMessages.cardLimitReached(maxSaved));
  }
  await attempt.admit();

  const client = app.payments.client;
  const billTo = billToOf(user);
  let customerProfileId = user.authNetCustomerProfileId;
  let paymentProfileId: string;
  try {
    if (customerProfileId) {
      ({ customerPaymentProfileId: paymentProfileId } = await client.createCustomerPaymentProfile({
        customerProfileId,
        billTo,
        opaqueData: opaque,
        defaultPaymentProfile: true,
        validationMode: 'liveMode',
      }));
    } else {
      const created = await client.createCustomerProfile({
        merchantCustomerId: user.id.replaceAll('-', '').slice(0, 20),
        description: 'Vault member',
        email: user.email,
        billTo,
        opaqueData: opaque,
        validationMode: 'liveMode',
      });
      customerProfileId = created.customerProfileId;
      paymentProfileId = created.customerPaymentProfileId;
    }
  } catch (error) {
    if (error instanceof GatewayError && error.failure === 'declined') await attempt.declined();
    throw gatewayToAppError(error);
  }

  const savedProfileId = customerProfileId;
  try {
    const profile = await client.getCustomerProfile(savedProfileId);
    const card = profile.paymentProfiles.find((p) => p.customerPaymentProfileId === paymentProfileId);
    const last4 = card?.cardNumber.slice(-4) ?? '';
    if (!/^\d{4}$/.test(last4)) throw new GatewayError('error', 'The gateway did not return the saved card');

    return await app.db.transaction().execute(async (trx) => {
      // Concurrent additions of one member queue on this row lock (Postgres), so the count below
      // sees every card committed before ours. PGlite runs one transaction at a time anyway.
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
      if ((await countCards(trx, user.id)) >= maxSaved) throw new CardLimitReached();
      await trx.updateTable('paymentMethods').set({ isDefault: false }).where('userId', '=', user.id).execute();
      const row = await trx
        .insertInto('paymentMethods')
        .values({
          userId: user.id,
          customerProfileId: savedProfileId,
          paymentProfileId,
          cardType: card?.cardType ?? 'Card',
          last4,
          isDefault: true,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({
          authNetCustomerProfileId: savedProfileId,
          authNetPaymentProfileId: paymentProfileId,
          // SPEC §4: onboarding is complete once the profile and a card are saved.
          onboardingCompleted: user.address !== null,
          updatedAt: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      return row;
    });
  } catch (error) {
    if (!(error instanceof CardLimitReached)) throw gatewayToAppError(error);
    // Lost the race for the last slot: the card we just saved at the gateway must not linger there.
    await client.deleteCustomerPaymentProfile(savedProfileId, paymentProfileId).catch((cleanup: unknown) => {
      app.log.warn({ err: cleanup, userId: user.id }, 'could not remove a card refused by the card limit');
    });
    throw new AppError(409, 'card_limit', paymentMessages.cardLimitReached(maxSaved));
  }
}

/** Removes a member's card at the gateway and here; removing the default promotes the newest other. */
export async function removePaymentMethod(app: FastifyInstance, user: User, id: string): Promise<void> {
  const row = await app.db
    .selectFrom('paymentMethods')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'not_found', paymentMessages.methodNotFound);
  try {
    await app.payments.client.deleteCustomerPaymentProfile(row.customerProfileId, row.paymentProfileId);
  } catch (error) {
    // Already gone at the gateway: remove our copy too.
    if (!(error instanceof GatewayError && error.code === 'E00040')) throw gatewayToAppError(error);
  }
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('paymentMethods').where('id', '=', row.id).execute();
    let nextDefault: string | null = null;
    if (row.isDefault) {
      const next = await trx
        .selectFrom('paymentMethods')
        .select(['id', 'paymentProfileId'])
        .where('userId', '=', user.id)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (next) {
        await trx.updateTable('paymentMethods').set({ isDefault: true }).where('id', '=', next.id).execute();
        nextDefault = next.paymentProfileId;
      }
      await trx
        .updateTable('users')
        .set({ authNetPaymentProfileId: nextDefault, updatedAt: new Date() })
        .where('id', '=', user.id)
        .execute();
    }
  });
}

export function listPaymentMethods(app: FastifyInstance, userId: string) {
  return app.db
    .selectFrom('paymentMethods')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}
