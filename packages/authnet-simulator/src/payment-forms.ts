// The card a charge (authOnlyTransaction, authCaptureTransaction) is made on. The XSD gives
// createTransactionRequest two places for it: `profile` (a saved customer payment profile) or
// `payment`, a choice of creditCard | bankAccount | trackData | encryptedTrackData | payPal |
// opaqueData | emv. The simulator charges the card forms an e-commerce merchant uses: a saved
// profile, an Accept.js token (opaqueData) and the card itself (creditCard). What comes out is
// what the simulator may keep of a card: brand, last four digits and expiry, never the number
// or the card code.
import { type CardBehavior, cardBehavior, cardBrand, luhnValid } from './cards';
import { parseId } from './ids';
import { bool, expiration, type Json, obj, text } from './request-values';
import type { SimulatorDb } from './tables';

/** The card being charged, as the simulator records it on the transaction. */
export interface ChargeCard {
  cardType: string;
  last4: string;
  /** 'YYYY-MM'. */
  expiration: string;
  behavior: CardBehavior;
  /** Set when the charge is on a saved profile. */
  customerId: number | null;
  paymentProfileId: number | null;
}

/** The part of a burned Accept.js token a charge needs (tokens.ts owns burning it). */
export interface TokenCard {
  cardType: string;
  last4: string;
  expiration: string;
  behavior: string;
}

/**
 * Why a charge is refused before any authorisation: either the whole request (a top-level
 * error, no transaction) or the transaction (responseCode 3 with a reason code).
 */
export type PaymentRefusal =
  | { request: { code: string; text: string } }
  | { transaction: { errorCode: string; text: string; card?: Pick<ChargeCard, 'cardType' | 'last4'> } };

export type PaymentResolution = { card: ChargeCard } | { refused: PaymentRefusal };

const ACCEPT_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

// The gateway's reason codes and texts for card data it refuses (responseCode 3).
export const cardRefusals = {
  missing: { errorCode: '33', text: 'Credit card number cannot be left blank.' },
  number: { errorCode: '6', text: 'The credit card number is invalid.' },
  expiryFormat: { errorCode: '7', text: 'Credit card expiration date is invalid.' },
  expired: { errorCode: '8', text: 'The credit card has expired.' },
  cardCode: { errorCode: '78', text: 'The card code is invalid.' },
} as const;

const refuseRequest = (code: string, text: string): PaymentResolution => ({ refused: { request: { code, text } } });
const refuseCard = (
  reason: keyof typeof cardRefusals,
  card?: Pick<ChargeCard, 'cardType' | 'last4'>,
): PaymentResolution => ({ refused: { transaction: { ...cardRefusals[reason], card } } });
const notSimulated = (what: string) =>
  refuseRequest('E00003', `The payment form '${what}' is not supported by the simulator.`);

/** A card is good through the last day of its expiry month (UTC, like the gateway's clock). */
export function hasExpired(expiry: string, now: Date): boolean {
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return expiry < current;
}

/**
 * payment.creditCard checked as the gateway checks it: the number (digits, 13–16, Luhn), the
 * expiry's form (YYYY-MM, MMYY, MM/YY, MMYYYY, MM/YYYY) and date, and the card code's length for
 * the brand (four digits for American Express, three for the others). The number and the code
 * stop here: only the brand, last four digits and expiry come out.
 */
export function checkCreditCard(creditCard: Json, now: Date): PaymentResolution {
  const number = text(creditCard.cardNumber) ?? '';
  if (!/^\d{13,16}$/.test(number) || !luhnValid(number)) return refuseCard('number');
  const seen = { cardType: cardBrand(number), last4: number.slice(-4) };
  const expiry = expiration(creditCard.expirationDate);
  if (!expiry) return refuseCard('expiryFormat', seen);
  if (hasExpired(expiry, now)) return refuseCard('expired', seen);
  const cardCode = text(creditCard.cardCode);
  if (cardCode !== null && cardCode.length !== (seen.cardType === 'AmericanExpress' ? 4 : 3))
    return refuseCard('cardCode', seen);
  return {
    card: { ...seen, expiration: expiry, behavior: cardBehavior(number), customerId: null, paymentProfileId: null },
  };
}

/**
 * Resolves the one card a charge names. Exactly one form: a saved profile, or payment data; both
 * at once is refused, and so is neither (the gateway asks for a card number). An Accept.js token
 * is burned before anything else is checked: like the gateway's, it is single-use even when the
 * call then fails.
 */
export async function resolvePayment(
  db: SimulatorDb,
  tr: Json,
  consumeToken: (opaque: Json | undefined) => Promise<TokenCard | null | undefined>,
  now = new Date(),
): Promise<PaymentResolution> {
  const payment = tr.payment === undefined ? null : obj(tr.payment);
  const profile = obj(tr.profile);
  const savedProfile = profile.customerProfileId !== undefined || profile.paymentProfile !== undefined;
  if (payment && savedProfile)
    return refuseRequest('E00013', 'A charge takes either a saved payment profile or payment data, not both.');
  // Creating a profile from the transaction is another API feature the simulator does not have.
  if (bool(profile.createProfile)) return notSimulated('profile.createProfile');

  if (payment?.opaqueData !== undefined) {
    const opaque = obj(payment.opaqueData);
    if (text(opaque.dataDescriptor) !== ACCEPT_DESCRIPTOR)
      return notSimulated(`opaqueData ${text(opaque.dataDescriptor) ?? ''}`.trim());
    const token = await consumeToken(opaque);
    if (!token) return refuseRequest('E00114', 'Invalid OTS Token.');
    const seen = { cardType: token.cardType, last4: token.last4 };
    if (hasExpired(token.expiration, now)) return refuseCard('expired', seen);
    const behavior = token.behavior as CardBehavior;
    return { card: { ...seen, expiration: token.expiration, behavior, customerId: null, paymentProfileId: null } };
  }
  if (payment?.creditCard !== undefined) return checkCreditCard(obj(payment.creditCard), now);
  if (payment) return notSimulated(Object.keys(payment)[0] ?? 'payment');

  if (!savedProfile) return refuseCard('missing');
  const paymentProfileId = parseId(obj(profile.paymentProfile).paymentProfileId);
  const customerId = parseId(profile.customerProfileId);
  const saved =
    paymentProfileId === null || customerId === null
      ? undefined
      : await db
          .selectFrom('authnetSimPaymentProfiles')
          .select(['id', 'customerId', 'cardType', 'last4', 'expiration', 'behavior'])
          .where('id', '=', paymentProfileId)
          .where('customerId', '=', customerId)
          .executeTakeFirst();
  if (!saved) return refuseRequest('E00040', 'The record cannot be found.');
  const { id, behavior, ...card } = saved;
  if (hasExpired(card.expiration, now)) return refuseCard('expired', card);
  return { card: { ...card, behavior: behavior as CardBehavior, paymentProfileId: id } };
}
