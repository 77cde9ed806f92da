import { randomBytes } from 'node:crypto';
import type { Database } from '@vault/db';
import { type Kysely, sql } from 'kysely';
import { type CardBehavior, cardBehavior, cardBrand, luhnValid } from './cards';
import { requestSequences, sequenceViolation } from './schema-order';

export interface SimulatorCredentials {
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
}

export type FaultKind = 'error' | 'timeout';
export interface Fault {
  /** A request type (createTransactionRequest, …) or '*' for any. */
  requestType: string;
  kind: FaultKind;
}

type Json = Record<string, unknown>;

const OK = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const failure = (code: string, text: string) => ({ messages: { resultCode: 'Error', message: [{ code, text }] } });
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

/** What the simulator answers: a JSON body, or nothing at all (the caller times out). */
export type SimulatorReply = { body: Json } | { hang: true };

/**
 * A local stand-in for the parts of Authorize.Net's API we use, in the spirit of stripe-mock:
 * the real request and response shapes, its error codes, single-use Accept.js tokens, customer
 * and payment profiles, and transactions that authorise, capture, void, decline and time out.
 * State lives in the database (authnet_sim_* tables). It never stores a card number or CVV:
 * a token keeps only the brand, last four digits, expiry and the behaviour chosen for the card.
 */
export function createSimulator(db: Kysely<Database>, credentials: SimulatorCredentials) {
  const faults: Fault[] = [];

  function authenticate(requestType: string, auth: Json): Json | null {
    const keyOk =
      requestType === 'securePaymentContainerRequest'
        ? auth.clientKey === credentials.clientKey
        : auth.transactionKey === credentials.transactionKey;
    if (auth.name === credentials.apiLoginId && keyOk) return null;
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

  const handlers: Record<string, (req: Json) => Promise<SimulatorReply>> = {
    async securePaymentContainerRequest(req) {
      const token = ((req.data as Json | undefined)?.token ?? {}) as Json;
      const number = String(token.cardNumber ?? '').replace(/\D/g, '');
      const expiration = String(token.expirationDate ?? '');
      const match = expiration.match(/^(\d{2})\/?(\d{2}|\d{4})$/);
      if (!luhnValid(number) || !match) return { body: failure('E_WC_05', 'Please provide valid credit card number.') };
      const year = (match[2] ?? '').length === 2 ? `20${match[2]}` : (match[2] ?? '');
      const dataValue = `sim${randomBytes(48).toString('base64url')}`;
      await db
        .insertInto('authnetSimTokens')
        .values({
          dataValue,
          cardType: cardBrand(number),
          last4: number.slice(-4),
          expiration: `${year}-${match[1]}`,
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
      const profile = req.profile as Json;
      const paymentProfile = (profile.paymentProfiles ?? {}) as Json;
      const token = await consumeToken((paymentProfile.payment as Json | undefined)?.opaqueData as Json | undefined);
      if (!token) return { body: failure('E00114', 'Invalid OTS Token.') };
      const merchantCustomerId = profile.merchantCustomerId ? String(profile.merchantCustomerId) : null;
      if (merchantCustomerId) {
        const existing = await db
          .selectFrom('authnetSimCustomers')
          .select('id')
          .where('merchantCustomerId', '=', merchantCustomerId)
          .executeTakeFirst();
        if (existing) return { body: failure('E00039', `A duplicate record with ID ${existing.id} already exists.`) };
      }
      if (req.validationMode === 'liveMode' && token.behavior === 'decline-validation') {
        return {
          body: {
            ...failure('E00027', 'This transaction has been declined.'),
            validationDirectResponseList: ['2,2,2,This transaction has been declined.'],
          },
        };
      }
      const ids = await db.transaction().execute(async (trx) => {
        const customer = await trx
          .insertInto('authnetSimCustomers')
          .values({
            merchantCustomerId,
            email: (profile.email as string) ?? null,
            description: (profile.description as string) ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const payment = await trx
          .insertInto('authnetSimPaymentProfiles')
          .values({
            customerId: customer.id,
            cardType: token.cardType,
            last4: token.last4,
            expiration: token.expiration,
            behavior: token.behavior,
            billTo: JSON.stringify(paymentProfile.billTo ?? {}),
            isDefault: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { customerId: customer.id, paymentId: payment.id };
      });
      return {
        body: {
          customerProfileId: String(ids.customerId),
          customerPaymentProfileIdList: [String(ids.paymentId)],
          customerShippingAddressIdList: [],
          validationDirectResponseList: req.validationMode === 'liveMode' ? [APPROVED_VALIDATION] : [],
          messages: OK,
        },
      };
    },

    async createCustomerPaymentProfileRequest(req) {
      const customerId = Number(req.customerProfileId);
      const customer = await db
        .selectFrom('authnetSimCustomers')
        .select('id')
        .where('id', '=', customerId)
        .executeTakeFirst();
      if (!customer) return { body: failure('E00040', 'The record cannot be found.') };
      const paymentProfile = req.paymentProfile as Json;
      const token = await consumeToken((paymentProfile.payment as Json | undefined)?.opaqueData as Json | undefined);
      if (!token) return { body: failure('E00114', 'Invalid OTS Token.') };
      const duplicate = await db
        .selectFrom('authnetSimPaymentProfiles')
        .select('id')
        .where('customerId', '=', customerId)
        .where('last4', '=', token.last4)
        .where('expiration', '=', token.expiration)
        .where('cardType', '=', token.cardType)
        .executeTakeFirst();
      if (duplicate) {
        return {
          body: {
            customerProfileId: String(customerId),
            customerPaymentProfileId: String(duplicate.id),
            ...failure('E00039', 'A duplicate customer payment profile already exists.'),
          },
        };
      }
      if (req.validationMode === 'liveMode' && token.behavior === 'decline-validation') {
        return {
          body: {
            ...failure('E00027', 'This transaction has been declined.'),
            validationDirectResponse: '2,2,2,This transaction has been declined.',
          },
        };
      }
      const isDefault = paymentProfile.defaultPaymentProfile === true;
      const created = await db.transaction().execute(async (trx) => {
        if (isDefault)
          await trx
            .updateTable('authnetSimPaymentProfiles')
            .set({ isDefault: false })
            .where('customerId', '=', customerId)
            .execute();
        return trx
          .insertInto('authnetSimPaymentProfiles')
          .values({
            customerId,
            cardType: token.cardType,
            last4: token.last4,
            expiration: token.expiration,
            behavior: token.behavior,
            billTo: JSON.stringify(paymentProfile.billTo ?? {}),
            isDefault,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      return {
        body: {
          customerProfileId: String(customerId),
          customerPaymentProfileId: String(created.id),
          validationDirectResponse: req.validationMode === 'liveMode' ? APPROVED_VALIDATION : undefined,
          messages: OK,
        },
      };
    },

    async getCustomerProfileRequest(req) {
      const customer = await db
        .selectFrom('authnetSimCustomers')
        .selectAll()
        .where('id', '=', Number(req.customerProfileId))
        .executeTakeFirst();
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

    async deleteCustomerPaymentProfileRequest(req) {
      const deleted = await db
        .deleteFrom('authnetSimPaymentProfiles')
        .where('id', '=', Number(req.customerPaymentProfileId))
        .where('customerId', '=', Number(req.customerProfileId))
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return { body: failure('E00040', 'The record cannot be found.') };
      return { body: { messages: OK } };
    },

    async getTransactionListForCustomerRequest(req) {
      const customerId = Number(req.customerProfileId);
      const paging = (req.paging ?? {}) as Json;
      const limit = Math.min(1000, Math.max(1, Number(paging.limit ?? 1000)));
      const rows = await db
        .selectFrom('authnetSimTransactions')
        .selectAll()
        .where('customerId', '=', customerId)
        .where('type', 'in', ['authOnlyTransaction', 'authCaptureTransaction'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
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
      const tr = req.transactionRequest as Json;
      const type = String(tr.transactionType);
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
    const profile = (tr.profile ?? {}) as Json;
    const paymentProfileId = Number((profile.paymentProfile as Json | undefined)?.paymentProfileId);
    const customerId = Number(profile.customerProfileId);
    const card = await db
      .selectFrom('authnetSimPaymentProfiles')
      .selectAll()
      .where('id', '=', paymentProfileId)
      .where('customerId', '=', customerId)
      .executeTakeFirst();
    if (!card) return { body: failure('E00040', 'The record cannot be found.') };
    const amount = Number(tr.amount);
    if (!(amount > 0))
      return transactionReply(req, tr, { code: '3', errorCode: '5', text: 'A valid amount is required.' });
    const behavior = card.behavior as CardBehavior;
    const account = { accountNumber: `XXXX${card.last4}`, accountType: card.cardType };

    // Authorize.Net refuses the same amount on the same card within its duplicate window, unless
    // the order differs (another invoice number is another order).
    const invoice = (tr.order as Json | undefined)?.invoiceNumber;
    const invoiceNumber = typeof invoice === 'string' ? invoice : null;
    const duplicate = await db
      .selectFrom('authnetSimTransactions')
      .select('id')
      .where('paymentProfileId', '=', paymentProfileId)
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
    const row = await db
      .insertInto('authnetSimTransactions')
      .values({
        type,
        amount: amount.toFixed(2),
        status,
        responseCode,
        customerId,
        paymentProfileId,
        invoiceNumber,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
    const refTransId = Number(tr.refTransId);
    const original = await db
      .selectFrom('authnetSimTransactions')
      .selectAll()
      .where('id', '=', refTransId)
      .executeTakeFirst();
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
    const nextStatus = type === 'voidTransaction' ? 'voided' : 'captured';
    const row = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('authnetSimTransactions')
        .set({ status: nextStatus })
        .where('id', '=', refTransId)
        .execute();
      return trx
        .insertInto('authnetSimTransactions')
        .values({
          type,
          amount: type === 'voidTransaction' ? null : tr.amount ? Number(tr.amount).toFixed(2) : original.amount,
          status: nextStatus,
          responseCode: '1',
          customerId: original.customerId,
          paymentProfileId: original.paymentProfileId,
          refTransId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return transactionReply(
      req,
      { ...tr, transId: row.id },
      { code: '1', text: 'This transaction has been approved.' },
    );
  }

  return {
    /** Handles one POST to …/xml/v1/request.api. */
    async handle(body: unknown): Promise<SimulatorReply> {
      if (typeof body !== 'object' || body === null)
        return { body: failure('E00003', 'The request body is not valid JSON.') };
      const [requestType, request] = Object.entries(body)[0] ?? [];
      const sequence = requestType ? requestSequences[requestType] : undefined;
      const handler = requestType ? handlers[requestType] : undefined;
      if (!requestType || !sequence || !handler) {
        return { body: failure('E00003', `The element '${requestType ?? ''}' is not supported by the simulator.`) };
      }
      const violation = sequenceViolation(requestType, request, sequence);
      if (violation) return { body: failure('E00003', violation) };
      const refused = authenticate(requestType, (request as Json).merchantAuthentication as Json);
      if (refused) return { body: refused };
      const faultIndex = faults.findIndex((f) => f.requestType === requestType || f.requestType === '*');
      if (faultIndex >= 0) {
        const [fault] = faults.splice(faultIndex, 1);
        if (fault?.kind === 'timeout') return { hang: true };
        return { body: failure('E00001', 'An error occurred during processing. Please try again.') };
      }
      return handler(request as Json);
    },
    /** Test control: the next matching requests fail this way, once per entry. */
    injectFaults(fault: Fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    clearFaults() {
      faults.length = 0;
    },
    holdMs: HOLD_MS,
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
