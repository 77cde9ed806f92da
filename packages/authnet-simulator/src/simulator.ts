import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DatabaseHandle } from '@vault/db';
import { sql } from 'kysely';
import { cardBehavior, cardBrand, luhnValid } from './cards';
import { createFaultQueue, type Fault } from './faults';
import { gatewayFailure as failure, processingError } from './gateway-body';
import { parseId, randomId, withFreshIds } from './ids';
import { resolvePayment } from './payment-forms';
import { bool, expiration, type Json, many, obj, positiveAmount, text } from './request-values';
import { checkRequest } from './schema-order';
import { type SimulatorDb, simulatorDb } from './tables';
import type { XsdRequestType } from './xsd-sequences';

export interface SimulatorCredentials {
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
}

const OK = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const DUPLICATE_WINDOW_MS = 120_000;
const TOKEN_TTL_MS = 15 * 60_000;
const HOLD_MS = 30_000;
const APPROVED_VALIDATION =
  '1,1,1,This transaction has been approved.,000000,Y,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only';

/** Our simulator's transaction states as the gateway's transactionStatus values. */
const TRANSACTION_STATUS: Record<string, string> = {
  authorized: 'authorizedPendingCapture',
  captured: 'capturedPendingSettlement',
  voided: 'voided',
  declined: 'declined',
  error: 'generalError',
};

/** What the simulator answers: a JSON body, nothing at all (the caller times out), or a dropped connection. */
export type SimulatorReply = { body: Json } | { hang: true } | { drop: true };

/**
 * A local stand-in for the parts of Authorize.Net's API we use, in the spirit of stripe-mock:
 * the real request and response shapes, its error codes, single-use Accept.js tokens, customer
 * and payment profiles, and transactions that authorise, capture, void, decline and time out.
 * State lives in the database (authnet_sim_* tables). It never stores a card number or CVV:
 * a token keeps only the brand, last four digits, expiry and the behaviour chosen for the card.
 * Ids are random numbers of the gateway's lengths (ids.ts): knowing one tells nothing of another.
 */
export function createSimulator(database: DatabaseHandle, credentials: SimulatorCredentials) {
  const db = simulatorDb(database);
  const faults = createFaultQueue(db);

  /**
   * Like the gateway: only securePaymentContainerRequest (what Accept.js sends from browsers)
   * takes the public client key; every other request needs the secret transaction key. A
   * missing, wrong or misplaced key is E00007, and nothing runs.
   */
  function authenticate(requestType: string, auth: unknown): Json | null {
    const given = obj(auth);
    const keyOk =
      requestType === 'securePaymentContainerRequest'
        ? sameSecret(given.clientKey, credentials.clientKey)
        : sameSecret(given.transactionKey, credentials.transactionKey);
    if (sameSecret(given.name, credentials.apiLoginId) && keyOk) return null;
    return failure('E00007', 'User authentication failed due to invalid authentication values.');
  }

  async function consumeToken(opaque: Json | undefined) {
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
  type StoredToken = NonNullable<Awaited<ReturnType<typeof consumeToken>>>;

  /** Saves the card a burned token stands for as a payment profile, in the caller's withFreshIds transaction. */
  function saveCard(trx: SimulatorDb, customerId: number, token: StoredToken, billTo: unknown, isDefault: boolean) {
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

  const handlers: Record<XsdRequestType, (req: Json) => Promise<SimulatorReply>> = {
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

    async createCustomerProfileRequest(req) {
      const profile = obj(req.profile);
      // The XSD allows any number of payment profiles (the SDKs send an array, our client one
      // object); each must carry an Accept.js token, and each token is burned, as at the gateway.
      const paymentProfiles = many(profile.paymentProfiles);
      const tokens: StoredToken[] = [];
      for (const paymentProfile of paymentProfiles) {
        const token = await consumeToken(obj(obj(paymentProfile.payment).opaqueData));
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
      const token = await consumeToken(obj(obj(paymentProfile.payment).opaqueData));
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

    async getTransactionListForCustomerRequest(req) {
      const customerId = parseId(req.customerProfileId) ?? -1;
      // Paging as the gateway's: offset is a page number from 1. The XSD check (schema-order.ts)
      // has already held both to their ranges (limit 1–1000, offset 1–100000).
      const paging = obj(req.paging);
      const limit = Number(text(paging.limit) ?? 1000);
      const page = Number(text(paging.offset) ?? 1);
      const sorting = obj(req.sorting);
      const direction = sorting.orderDescending === undefined || bool(sorting.orderDescending) ? 'desc' : 'asc';
      const orderBy = text(sorting.orderBy) === 'id' ? 'id' : 'createdAt';
      let query = db
        .selectFrom('authnetSimTransactions')
        .selectAll()
        .where('customerId', '=', customerId)
        .where('type', 'in', ['authOnlyTransaction', 'authCaptureTransaction']);
      if (req.customerPaymentProfileId !== undefined)
        query = query.where('paymentProfileId', '=', parseId(req.customerPaymentProfileId) ?? -1);
      const rows = await query
        .orderBy(orderBy, direction)
        .orderBy('id', direction)
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return {
        body: {
          transactions: rows.map((row) => ({
            transId: String(row.id),
            submitTimeUTC: row.createdAt.toISOString(),
            transactionStatus: TRANSACTION_STATUS[row.status] ?? 'generalError',
            invoiceNumber: row.invoiceNumber ?? undefined,
            settleAmount: Number(row.amount ?? 0),
            profile: {
              customerProfileId: String(row.customerId),
              customerPaymentProfileId: String(row.paymentProfileId),
            },
          })),
          totalNumInResultSet: rows.length,
          messages: OK,
        },
      };
    },

    async createTransactionRequest(req) {
      const tr = obj(req.transactionRequest);
      const type = text(tr.transactionType) ?? '';
      if (type === 'authOnlyTransaction' || type === 'authCaptureTransaction') return charge(req, tr, type);
      if (type === 'priorAuthCaptureTransaction' || type === 'voidTransaction') return settle(req, tr, type);
      return { body: failure('E00003', `The transaction type '${type}' is not supported by the simulator.`) };
    },
  };

  function transactionReply(req: Json, tr: Json, outcome: { code: '1' | '2' | '3'; errorCode?: string; text: string }) {
    const approved = outcome.code === '1';
    return {
      body: {
        transactionResponse: {
          responseCode: outcome.code,
          authCode: approved ? randomBytes(3).toString('hex').toUpperCase() : '',
          avsResultCode: 'Y',
          cvvResultCode: approved ? 'P' : '',
          transId: String(tr.transId ?? '0'),
          refTransID: String(tr.refTransId ?? ''),
          transHash: '',
          accountNumber: tr.accountNumber,
          accountType: tr.accountType,
          ...(approved
            ? { messages: [{ code: '1', description: outcome.text }] }
            : { errors: [{ errorCode: outcome.errorCode ?? outcome.code, errorText: outcome.text }] }),
        },
        refId: req.refId,
        messages: approved ? OK : failure('E00027', 'The transaction was unsuccessful.').messages,
      },
    };
  }

  async function charge(req: Json, tr: Json, type: string): Promise<SimulatorReply> {
    // A saved profile, an Accept.js token or the card itself (payment-forms.ts).
    const resolved = await resolvePayment(db, tr, consumeToken);
    if ('refused' in resolved) {
      const { refused } = resolved;
      if ('request' in refused) return { body: failure(refused.request.code, refused.request.text) };
      const { card: seen, errorCode, text } = refused.transaction;
      const account = seen ? { accountNumber: `XXXX${seen.last4}`, accountType: seen.cardType } : {};
      return transactionReply(req, { ...tr, ...account }, { code: '3', errorCode, text });
    }
    const { card } = resolved;
    const amount = positiveAmount(tr.amount);
    if (amount === null)
      return transactionReply(req, tr, { code: '3', errorCode: '5', text: 'A valid amount is required.' });
    const behavior = card.behavior;
    const account = { accountNumber: `XXXX${card.last4}`, accountType: card.cardType };

    // Authorize.Net refuses the same amount on the same card within its duplicate window, unless
    // the order differs (another invoice number is another order). A card charged without a
    // profile is known by what the simulator keeps of it: brand, last four digits and expiry.
    const invoiceNumber = text(obj(tr.order).invoiceNumber);
    const sameCard = db.selectFrom('authnetSimTransactions').select('id');
    const duplicate = await (card.paymentProfileId === null
      ? sameCard
          .where('paymentProfileId', 'is', null)
          .where('cardType', '=', card.cardType)
          .where('last4', '=', card.last4)
          .where('expiration', '=', card.expiration)
      : sameCard.where('paymentProfileId', '=', card.paymentProfileId)
    )
      .where('type', '=', type)
      .where('amount', '=', amount.toFixed(2))
      .where('responseCode', '=', '1')
      .where('invoiceNumber', invoiceNumber === null ? 'is' : '=', invoiceNumber)
      .where(sql<Date>`created_at`, '>', new Date(Date.now() - DUPLICATE_WINDOW_MS))
      .executeTakeFirst();
    if (duplicate)
      return transactionReply(
        req,
        { ...tr, ...account },
        { code: '3', errorCode: '11', text: 'A duplicate transaction has been submitted.' },
      );

    const declined = behavior === 'decline-charge';
    const errored = behavior === 'error-charge';
    const responseCode = declined ? '2' : errored ? '3' : '1';
    const status = declined
      ? 'declined'
      : errored
        ? 'error'
        : type === 'authOnlyTransaction'
          ? 'authorized'
          : 'captured';
    const row = await withFreshIds(() =>
      db
        .insertInto('authnetSimTransactions')
        .values({
          id: randomId('transaction'),
          type,
          amount: amount.toFixed(2),
          status,
          responseCode,
          customerId: card.customerId,
          paymentProfileId: card.paymentProfileId,
          invoiceNumber,
          cardType: card.cardType,
          last4: card.last4,
          expiration: card.expiration,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    // The authorisation happened, but the answer never arrives: what a real timeout can look like.
    if (behavior === 'timeout-charge') return { hang: true };
    const reply = { ...tr, ...account, transId: row.id };
    if (declined)
      return transactionReply(req, reply, { code: '2', errorCode: '2', text: 'This transaction has been declined.' });
    if (errored)
      return transactionReply(req, reply, {
        code: '3',
        errorCode: '19',
        text: 'An error occurred during processing. Please try again in 5 minutes.',
      });
    return transactionReply(req, reply, { code: '1', text: 'This transaction has been approved.' });
  }

  async function settle(
    req: Json,
    tr: Json,
    type: 'priorAuthCaptureTransaction' | 'voidTransaction',
  ): Promise<SimulatorReply> {
    const refTransId = parseId(tr.refTransId);
    const original =
      refTransId === null
        ? undefined
        : await db.selectFrom('authnetSimTransactions').selectAll().where('id', '=', refTransId).executeTakeFirst();
    if (original?.responseCode !== '1') {
      return transactionReply(req, tr, { code: '3', errorCode: '16', text: 'The transaction cannot be found.' });
    }
    if (original.status === 'voided')
      return transactionReply(req, tr, {
        code: '3',
        errorCode: '310',
        text: 'This transaction has already been voided.',
      });
    if (type === 'priorAuthCaptureTransaction' && original.status === 'captured') {
      return transactionReply(req, tr, {
        code: '3',
        errorCode: '311',
        text: 'This transaction has already been captured.',
      });
    }
    // A capture may name a smaller amount than was authorised; it must be a valid one.
    const captureAmount = tr.amount === undefined ? null : positiveAmount(tr.amount);
    if (type === 'priorAuthCaptureTransaction' && tr.amount !== undefined && captureAmount === null)
      return transactionReply(req, tr, { code: '3', errorCode: '5', text: 'A valid amount is required.' });
    const nextStatus = type === 'voidTransaction' ? 'voided' : 'captured';
    const row = await withFreshIds(() =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('authnetSimTransactions')
          .set({ status: nextStatus })
          .where('id', '=', original.id)
          .execute();
        return trx
          .insertInto('authnetSimTransactions')
          .values({
            id: randomId('transaction'),
            type,
            amount: type === 'voidTransaction' ? null : (captureAmount?.toFixed(2) ?? original.amount),
            status: nextStatus,
            responseCode: '1',
            customerId: original.customerId,
            paymentProfileId: original.paymentProfileId,
            refTransId: original.id,
            cardType: original.cardType,
            last4: original.last4,
            expiration: original.expiration,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      }),
    );
    // Like the gateway's, the answer names the card of the original charge (masked).
    const account = original.last4 ? { accountNumber: `XXXX${original.last4}`, accountType: original.cardType } : {};
    return transactionReply(
      req,
      { ...tr, ...account, transId: row.id },
      { code: '1', text: 'This transaction has been approved.' },
    );
  }

  return {
    /** Handles one POST to …/xml/v1/request.api. */
    async handle(body: unknown): Promise<SimulatorReply> {
      // Like the gateway: the body must be a request its XSD accepts before anything else runs.
      const checked = checkRequest(body);
      if (!checked.ok) return { body: failure(checked.code, checked.text) };
      const { requestType, request } = checked;
      const handler = handlers[requestType];
      const refused = authenticate(requestType, request.merchantAuthentication);
      if (refused) return { body: refused };
      const fault = await faults.take(requestType);
      if (fault === 'error') return { body: processingError() };
      if (fault === 'timeout') return { hang: true };
      if (fault === 'lost-answer' || fault === 'dropped-answer') {
        await handler(request);
        return fault === 'lost-answer' ? { hang: true } : { drop: true };
      }
      return handler(request);
    },
    /**
     * Test and demo control: the next matching requests (on any replica sharing this database)
     * fail this way, once per entry. Requests this process sends after the call see the fault.
     */
    injectFaults(fault: Fault, times = 1): Promise<void> {
      return faults.push(fault, times);
    },
    clearFaults(): Promise<void> {
      return faults.clear();
    },
    holdMs: HOLD_MS,
  };
}

export type Simulator = ReturnType<typeof createSimulator>;

/** Compares secrets in constant time (hashing first, so lengths need not match); non-strings never match. */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
