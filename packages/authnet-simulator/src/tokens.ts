// Accept.js tokens: what a browser gets for a card (securePaymentContainerRequest), single use and
// short-lived, and what a profile or a charge burns. A token keeps only the brand, last four
// digits, expiry and the behaviour chosen for the card, never the number or the card code.
import { randomBytes } from 'node:crypto';
import { cardBehavior, cardBrand, luhnValid } from './cards';
import { gatewayFailure as failure } from './gateway-body';
import { randomId } from './ids';
import { type Handlers, OK } from './replies';
import { expiration, type Json, obj, text } from './request-values';
import type { SimulatorDb } from './tables';

const TOKEN_TTL_MS = 15 * 60_000;

/** Burns an unexpired, unused token: the card it stands for, or undefined (null when it is not a token at all). */
export async function consumeToken(db: SimulatorDb, opaque: Json | undefined) {
  if (opaque?.dataDescriptor !== 'COMMON.ACCEPT.INAPP.PAYMENT' || typeof opaque.dataValue !== 'string') return null;
  return db
    .updateTable('authnetSimTokens')
    .set({ usedAt: new Date() })
    .where('dataValue', '=', opaque.dataValue)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}
export type StoredToken = NonNullable<Awaited<ReturnType<typeof consumeToken>>>;

/** Saves the card a burned token stands for as a payment profile, in the caller's withFreshIds transaction. */
export function saveCard(
  trx: SimulatorDb,
  customerId: number,
  token: StoredToken,
  billTo: unknown,
  isDefault: boolean,
) {
  return trx
    .insertInto('authnetSimPaymentProfiles')
    .values({
      id: randomId('profile'),
      customerId,
      cardType: token.cardType,
      last4: token.last4,
      expiration: token.expiration,
      behavior: token.behavior,
      billTo: JSON.stringify(obj(billTo)),
      isDefault,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function tokenHandlers(db: SimulatorDb): Pick<Handlers, 'securePaymentContainerRequest'> {
  return {
    async securePaymentContainerRequest(req) {
      const token = obj(obj(req.data).token);
      const number = (text(token.cardNumber) ?? '').replace(/\D/g, '');
      const expiry = expiration(token.expirationDate);
      if (!luhnValid(number) || !expiry)
        return { body: failure('E_WC_05', 'Please provide valid credit card number.') };
      const dataValue = `sim${randomBytes(48).toString('base64url')}`;
      await db
        .insertInto('authnetSimTokens')
        .values({
          dataValue,
          cardType: cardBrand(number),
          last4: number.slice(-4),
          expiration: expiry,
          behavior: cardBehavior(number),
          expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
        })
        .execute();
      return {
        body: {
          opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue },
          messages: OK,
          refId: req.refId,
        },
      };
    },
  };
}
