import {
  type OpaqueDataBody,
  type PaymentMethodView,
  type PreauthResponse,
  paymentMessages,
  splitFullName,
} from '@vault/contracts';
import type { PaymentMethod, User } from '@vault/db';
import { isOnboardingComplete, lockUser, updateUser } from '../auth';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { GatewayError } from './authnet/client';
import type { BillTo } from './authnet/requests';
import type { CardAttempt } from './card-guard';
import {
  countCards,
  deleteCard,
  findCard,
  insertDefaultCard,
  listCards,
  makeDefaultCard,
  newestCard,
} from './payment-methods.repository';

function toPaymentMethodView(row: PaymentMethod): PaymentMethodView {
  return { id: row.id, cardType: row.cardType, last4: row.last4, isDefault: row.isDefault };
}

/** Gateway outcomes as answers a member can act on. */
export function gatewayToAppError(error: unknown): unknown {
  if (!(error instanceof GatewayError)) return error;
  if (error.failure === 'declined') return new AppError(402, 'card_declined', paymentMessages.declined);
  if (error.code === 'E00114') return new AppError(400, 'card_invalid', paymentMessages.validationFailed);
  if (error.code === 'E00039') return new AppError(409, 'card_duplicate', paymentMessages.duplicateCard);
  if (error.failure === 'error')
    return new AppError(502, 'gateway_error', paymentMessages.gatewayRefused(error.message));
  return new AppError(502, 'gateway_unavailable', paymentMessages.gatewayUnavailable);
}

function billToOf(user: User): BillTo {
  const derived = splitFullName(user.fullName ?? '');
  return {
    firstName: (user.firstName ?? derived.firstName ?? '').slice(0, 50) || undefined,
    lastName: (user.lastName ?? derived.lastName ?? '').slice(0, 50) || undefined,
    address: user.address ?? undefined,
    city: user.city ?? undefined,
    state: user.state ?? undefined,
    zip: user.zip ?? undefined,
    country: user.country ?? undefined,
    phoneNumber: user.phoneNumber ?? undefined,
  };
}

/** Thrown inside the saving transaction when a concurrent addition took the last free slot. */
class CardLimitReached extends Error {}

const cardLimitReached = (max: number) =>
  new AppError(409, 'card_limit_reached', paymentMessages.cardLimitReached(max));

/**
 * Saves a card from an Accept.js token: creates the member's customer profile on the gateway
 * when missing (else adds a payment profile), validated with a live $0 authorisation, and makes
 * it the default. We keep only the gateway's ids, the card brand and its last four digits.
 *
 * A member holds at most `limits.cards.maxSaved` cards. The cheap check comes first (no gateway
 * call for a member who is already full); the binding one is in the saving transaction, under a
 * lock on the member's row, so concurrent additions cannot together pass the cap.
 */
async function saveCard(
  deps: ServiceDeps,
  user: User,
  opaque: OpaqueDataBody,
  attempt: CardAttempt,
): Promise<{ method: PaymentMethod; onboardingCompleted: boolean }> {
  const { maxSaved } = deps.limits.cards;
  if ((await countCards(deps.db, user.id)) >= maxSaved) {
    throw cardLimitReached(maxSaved);
  }
  await attempt.admit();

  const client = deps.payments;
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

    return await withTransaction(deps.db, async (trx) => {
      // Concurrent additions of one member queue on this row lock (Postgres), so the count below
      // sees every card committed before ours. PGlite runs one transaction at a time anyway.
      await lockUser(trx, user.id);
      if ((await countCards(trx, user.id)) >= maxSaved) throw new CardLimitReached();
      const method = await insertDefaultCard(trx, {
        userId: user.id,
        customerProfileId: savedProfileId,
        paymentProfileId,
        cardType: card?.cardType ?? 'Card',
        last4,
      });
      const updated = await updateUser(trx, user.id, {
        authNetCustomerProfileId: savedProfileId,
        authNetPaymentProfileId: paymentProfileId,
        onboardingCompleted: isOnboardingComplete({ ...user, authNetPaymentProfileId: paymentProfileId }),
        updatedAt: new Date(),
      });
      return { method, onboardingCompleted: updated.onboardingCompleted };
    });
  } catch (error) {
    if (!(error instanceof CardLimitReached)) throw gatewayToAppError(error);
    // Lost the race for the last slot: the card we just saved at the gateway must not linger there.
    await client.deleteCustomerPaymentProfile(savedProfileId, paymentProfileId).catch((cleanup: unknown) => {
      deps.log.warn({ err: cleanup, userId: user.id }, 'could not remove a card refused by the card limit');
    });
    throw cardLimitReached(maxSaved);
  }
}

/** POST /api/payment-methods: one more card, made the default. */
export async function addPaymentMethod(
  deps: ServiceDeps,
  user: User,
  opaque: OpaqueDataBody,
  attempt: CardAttempt,
): Promise<PaymentMethodView> {
  return toPaymentMethodView((await saveCard(deps, user, opaque, attempt)).method);
}

/** Step 3 of onboarding (POST /api/payment/preauth): the profile comes first, the card completes it. */
export async function preauthorize(
  deps: ServiceDeps,
  user: User,
  opaque: OpaqueDataBody,
  attempt: CardAttempt,
): Promise<PreauthResponse> {
  if (!user.address) throw new AppError(400, 'profile_required', paymentMessages.profileFirst);
  const { method, onboardingCompleted } = await saveCard(deps, user, opaque, attempt);
  return { paymentMethod: toPaymentMethodView(method), user: { onboardingCompleted } };
}

/** Removes a member's card at the gateway and here; removing the default promotes the newest other. */
export async function removePaymentMethod(deps: ServiceDeps, userId: string, id: string): Promise<void> {
  const row = await findCard(deps.db, userId, id);
  if (!row) throw new AppError(404, 'not_found', paymentMessages.methodNotFound);
  try {
    await deps.payments.deleteCustomerPaymentProfile(row.customerProfileId, row.paymentProfileId);
  } catch (error) {
    // Already gone at the gateway: remove our copy too.
    if (!(error instanceof GatewayError && error.code === 'E00040')) throw gatewayToAppError(error);
  }
  await withTransaction(deps.db, async (trx) => {
    await deleteCard(trx, row.id);
    if (!row.isDefault) return;
    const next = await newestCard(trx, userId);
    if (next) await makeDefaultCard(trx, next.id);
    await updateUser(trx, userId, { authNetPaymentProfileId: next?.paymentProfileId ?? null, updatedAt: new Date() });
  });
}

export async function listPaymentMethods(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<PaymentMethodView[]> {
  return (await listCards(deps.db, userId)).map(toPaymentMethodView);
}
