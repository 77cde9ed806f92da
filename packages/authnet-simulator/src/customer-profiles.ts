// Customer profiles and their saved cards (payment profiles): created from Accept.js tokens,
// looked up, deleted. A saved card is what the simulator keeps of a token: brand, last four
// digits, expiry and the card's behaviour.
import { gatewayFailure as failure } from './gateway-body';
import { parseId, randomId, withFreshIds } from './ids';
import { APPROVED_VALIDATION, type Handlers, OK } from './replies';
import { bool, many, obj, text } from './request-values';
import type { SimulatorDb } from './tables';
import { consumeToken, type StoredToken, saveCard } from './tokens';

type ProfileRequests =
  | 'createCustomerProfileRequest'
  | 'createCustomerPaymentProfileRequest'
  | 'getCustomerProfileRequest'
  | 'deleteCustomerProfileRequest'
  | 'deleteCustomerPaymentProfileRequest';

export function profileHandlers(db: SimulatorDb): Pick<Handlers, ProfileRequests> {
  return {
    async createCustomerProfileRequest(req) {
      const profile = obj(req.profile);
      // The XSD allows any number of payment profiles (the SDKs send an array, our client one
      // object); each must carry an Accept.js token, and each token is burned, as at the gateway.
      const paymentProfiles = many(profile.paymentProfiles);
      const tokens: StoredToken[] = [];
      for (const paymentProfile of paymentProfiles) {
        const token = await consumeToken(db, obj(obj(paymentProfile.payment).opaqueData));
        if (token) tokens.push(token);
      }
      if (tokens.length < paymentProfiles.length) return { body: failure('E00114', 'Invalid OTS Token.') };
      const merchantCustomerId = text(profile.merchantCustomerId);
      if (merchantCustomerId) {
        const existing = await db
          .selectFrom('authnetSimCustomers')
          .select('id')
          .where('merchantCustomerId', '=', merchantCustomerId)
          .executeTakeFirst();
        if (existing) return { body: failure('E00039', `A duplicate record with ID ${existing.id} already exists.`) };
      }
      const liveMode = text(req.validationMode) === 'liveMode';
      if (liveMode && tokens.some((token) => token.behavior === 'decline-validation')) {
        return {
          body: {
            ...failure('E00027', 'This transaction has been declined.'),
            validationDirectResponseList: ['2,2,2,This transaction has been declined.'],
          },
        };
      }
      // The flagged payment profile is the default one; without a flag, the first.
      const flagged = paymentProfiles.findIndex((p) => bool(p.defaultPaymentProfile));
      const defaultIndex = Math.max(flagged, 0);
      const ids = await withFreshIds(() =>
        db.transaction().execute(async (trx) => {
          const customer = await trx
            .insertInto('authnetSimCustomers')
            .values({
              id: randomId('profile'),
              merchantCustomerId,
              email: text(profile.email),
              description: text(profile.description),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const paymentIds: number[] = [];
          for (const [index, token] of tokens.entries()) {
            const billTo = paymentProfiles[index]?.billTo;
            paymentIds.push((await saveCard(trx, customer.id, token, billTo, index === defaultIndex)).id);
          }
          return { customerId: customer.id, paymentIds };
        }),
      );
      return {
        body: {
          customerProfileId: String(ids.customerId),
          customerPaymentProfileIdList: ids.paymentIds.map(String),
          customerShippingAddressIdList: [],
          validationDirectResponseList: liveMode ? ids.paymentIds.map(() => APPROVED_VALIDATION) : [],
          messages: OK,
        },
      };
    },

    async createCustomerPaymentProfileRequest(req) {
      const customerId = parseId(req.customerProfileId);
      const customer =
        customerId === null
          ? undefined
          : await db.selectFrom('authnetSimCustomers').select('id').where('id', '=', customerId).executeTakeFirst();
      if (!customer) return { body: failure('E00040', 'The record cannot be found.') };
      const paymentProfile = obj(req.paymentProfile);
      const token = await consumeToken(db, obj(obj(paymentProfile.payment).opaqueData));
      if (!token) return { body: failure('E00114', 'Invalid OTS Token.') };
      const duplicate = await db
        .selectFrom('authnetSimPaymentProfiles')
        .select('id')
        .where('customerId', '=', customer.id)
        .where('last4', '=', token.last4)
        .where('expiration', '=', token.expiration)
        .where('cardType', '=', token.cardType)
        .executeTakeFirst();
      if (duplicate) {
        return {
          body: {
            customerProfileId: String(customer.id),
            customerPaymentProfileId: String(duplicate.id),
            ...failure('E00039', 'A duplicate customer payment profile already exists.'),
          },
        };
      }
      const liveMode = text(req.validationMode) === 'liveMode';
      if (liveMode && token.behavior === 'decline-validation') {
        return {
          body: {
            ...failure('E00027', 'This transaction has been declined.'),
            validationDirectResponse: '2,2,2,This transaction has been declined.',
          },
        };
      }
      const isDefault = bool(paymentProfile.defaultPaymentProfile);
      const created = await withFreshIds(() =>
        db.transaction().execute(async (trx) => {
          if (isDefault)
            await trx
              .updateTable('authnetSimPaymentProfiles')
              .set({ isDefault: false })
              .where('customerId', '=', customer.id)
              .execute();
          return saveCard(trx, customer.id, token, paymentProfile.billTo, isDefault);
        }),
      );
      return {
        body: {
          customerProfileId: String(customer.id),
          customerPaymentProfileId: String(created.id),
          validationDirectResponse: liveMode ? APPROVED_VALIDATION : undefined,
          messages: OK,
        },
      };
    },

    async getCustomerProfileRequest(req) {
      // The XSD lets a profile be looked up by its id, the merchant's customer id or its email.
      const byId = req.customerProfileId !== undefined;
      const customerId = parseId(req.customerProfileId);
      const merchantCustomerId = text(req.merchantCustomerId);
      const email = text(req.email);
      const customers = db.selectFrom('authnetSimCustomers').selectAll();
      const customer = byId
        ? customerId === null
          ? undefined
          : await customers.where('id', '=', customerId).executeTakeFirst()
        : merchantCustomerId
          ? await customers.where('merchantCustomerId', '=', merchantCustomerId).executeTakeFirst()
          : email
            ? await customers.where('email', '=', email).orderBy('createdAt').executeTakeFirst()
            : undefined;
      if (!customer) return { body: failure('E00040', 'The record cannot be found.') };
      const profiles = await db
        .selectFrom('authnetSimPaymentProfiles')
        .selectAll()
        .where('customerId', '=', customer.id)
        .orderBy('id')
        .execute();
      return {
        body: {
          profile: {
            merchantCustomerId: customer.merchantCustomerId ?? undefined,
            description: customer.description ?? undefined,
            email: customer.email ?? undefined,
            customerProfileId: String(customer.id),
            paymentProfiles: profiles.map((p) => ({
              ...(p.isDefault ? { defaultPaymentProfile: true } : {}),
              customerPaymentProfileId: String(p.id),
              payment: { creditCard: { cardNumber: `XXXX${p.last4}`, expirationDate: 'XXXX', cardType: p.cardType } },
              customerType: 'individual',
              billTo: p.billTo,
            })),
          },
          messages: OK,
        },
      };
    },

    async deleteCustomerProfileRequest(req) {
      // Its payment profiles go with it (on delete cascade); its transactions stay, as at the gateway.
      const customerId = parseId(req.customerProfileId);
      const deleted =
        customerId === null
          ? null
          : await db.deleteFrom('authnetSimCustomers').where('id', '=', customerId).executeTakeFirst();
      if (Number(deleted?.numDeletedRows ?? 0) === 0) return { body: failure('E00040', 'The record cannot be found.') };
      return { body: { messages: OK } };
    },

    async deleteCustomerPaymentProfileRequest(req) {
      const paymentProfileId = parseId(req.customerPaymentProfileId);
      const customerId = parseId(req.customerProfileId);
      const deleted =
        paymentProfileId === null || customerId === null
          ? null
          : await db
              .deleteFrom('authnetSimPaymentProfiles')
              .where('id', '=', paymentProfileId)
              .where('customerId', '=', customerId)
              .executeTakeFirst();
      if (Number(deleted?.numDeletedRows ?? 0) === 0) return { body: failure('E00040', 'The record cannot be found.') };
      return { body: { messages: OK } };
    },
  };
}
