import { z } from 'zod';
import type { GatewayFailure } from '../../core/gateway';
import type { BillTo, MerchantAuthentication, OpaqueData, ProfileCharge, ValidationMode } from './requests';
import * as build from './requests';

/** Why a gateway call failed: the card was refused, the gateway said no, or it did not answer. */
export type { GatewayFailure };

export class GatewayError extends Error {
  constructor(
    readonly failure: GatewayFailure,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  /**
   * No answer came (a timeout, or a connection dropped after the request went out): the gateway
   * may have done the work, so what happened must be asked, never assumed.
   */
  get answerLost(): boolean {
    return this.failure === 'timeout' || this.failure === 'unavailable';
  }
}

const Messages = z.object({
  resultCode: z.enum(['Ok', 'Error']),
  message: z.array(z.object({ code: z.string(), text: z.string() })).default([]),
});

const TransactionResponse = z.object({
  responseCode: z.string(),
  transId: z.string().optional(),
  authCode: z.string().optional(),
  accountNumber: z.string().optional(),
  accountType: z.string().optional(),
  messages: z.array(z.object({ code: z.string(), description: z.string() })).optional(),
  errors: z.array(z.object({ errorCode: z.string(), errorText: z.string() })).optional(),
});

export interface AuthNetClientOptions {
  /** https://apitest.authorize.net/xml/v1/request.api, or the simulator's URL (resolved per call). */
  endpoint: string | (() => string);
  auth: MerchantAuthentication;
  timeoutMs: number;
  /** Told of every call's operation, result and duration in seconds (the metrics). */
  observe?: (operation: string, result: 'ok' | GatewayFailure, seconds: number) => void;
}

export interface TransactionResult {
  transId: string;
  authCode: string;
  accountNumber?: string;
  accountType?: string;
}

export interface StoredCard {
  customerPaymentProfileId: string;
  cardNumber: string;
  cardType: string;
}

export interface TransactionDetails {
  transId: string;
  status: string;
  type: string | null;
  authAmount: number | null;
  settleAmount: number | null;
  invoiceNumber: string | null;
  settledAt: string | null;
}

/** Codes that mean "this card or token was refused", as opposed to the gateway failing. */
const DECLINE_CODES = new Set(['E00027']);

/**
 * The one Authorize.Net client. It speaks the real JSON API, so the same code runs against
 * Authorize.Net (sandbox or production) and against our local simulator.
 */
export function createAuthNetClient(options: AuthNetClientOptions) {
  const endpoint = () => (typeof options.endpoint === 'function' ? options.endpoint() : options.endpoint);

  async function call(body: object): Promise<Record<string, unknown>> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(endpoint(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      // The deadline covers the body too: a gateway that answers its headers and stalls times out.
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new GatewayError(
        timedOut ? 'timeout' : 'unavailable',
        timedOut ? 'The payment gateway timed out' : 'The payment gateway is unreachable',
      );
    }
    if (!response.ok) throw new GatewayError('unavailable', `The payment gateway answered HTTP ${response.status}`);
    // Authorize.Net starts its JSON with a UTF-8 byte order mark.
    const json = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
    return json;
  }

  /** Checks messages.resultCode (and, for transactions, the caller checks responseCode). */
  function ok(json: Record<string, unknown>): void {
    const messages = Messages.parse(json.messages);
    if (messages.resultCode === 'Ok') return;
    const first = messages.message[0];
    const failure: GatewayFailure = first && DECLINE_CODES.has(first.code) ? 'declined' : 'error';
    throw new GatewayError(failure, first?.text ?? 'The payment gateway refused the request', first?.code);
  }

  async function transaction(body: object): Promise<TransactionResult> {
    const json = await call(body);
    const parsed = TransactionResponse.safeParse(json.transactionResponse);
    if (!parsed.success) {
      ok(json);
      throw new GatewayError('error', 'The payment gateway sent no transaction response');
    }
    const tr = parsed.data;
    // 1 approved, 2 declined, 3 error, 4 held for review.
    if (tr.responseCode === '1' && tr.transId) {
      return {
        transId: tr.transId,
        authCode: tr.authCode ?? '',
        accountNumber: tr.accountNumber,
        accountType: tr.accountType,
      };
    }
    const reason = tr.errors?.[0]?.errorText ?? tr.messages?.[0]?.description ?? 'The transaction was not approved';
    const failure: GatewayFailure = tr.responseCode === '2' || tr.responseCode === '4' ? 'declined' : 'error';
    throw new GatewayError(failure, reason, tr.errors?.[0]?.errorCode);
  }

  const methods = {
    async createCustomerProfile(args: {
      merchantCustomerId: string;
      description?: string;
      email: string;
      billTo: BillTo;
      opaqueData: OpaqueData;
      validationMode: ValidationMode;
    }) {
      const json = await call(build.createCustomerProfileRequest(options.auth, args));
      ok(json);
      const ids = z
        .object({ customerProfileId: z.string(), customerPaymentProfileIdList: z.array(z.string()).min(1) })
        .parse(json);
      return {
        customerProfileId: ids.customerProfileId,
        customerPaymentProfileId: ids.customerPaymentProfileIdList[0] ?? '',
      };
    },

    async createCustomerPaymentProfile(args: {
      customerProfileId: string;
      billTo: BillTo;
      opaqueData: OpaqueData;
      defaultPaymentProfile: boolean;
      validationMode: ValidationMode;
    }) {
      const json = await call(build.createCustomerPaymentProfileRequest(options.auth, args));
      ok(json);
      return z.object({ customerPaymentProfileId: z.string() }).parse(json);
    },

    async getCustomerProfile(customerProfileId: string): Promise<{ paymentProfiles: StoredCard[] }> {
      const json = await call(build.getCustomerProfileRequest(options.auth, { customerProfileId }));
      ok(json);
      const profile = z
        .object({
          paymentProfiles: z
            .array(
              z.object({
                customerPaymentProfileId: z.string(),
                payment: z.object({
                  creditCard: z.object({ cardNumber: z.string(), cardType: z.string().default('Card') }),
                }),
              }),
            )
            .default([]),
        })
        .parse(json.profile);
      return {
        paymentProfiles: profile.paymentProfiles.map((p) => ({
          customerPaymentProfileId: p.customerPaymentProfileId,
          cardNumber: p.payment.creditCard.cardNumber,
          cardType: p.payment.creditCard.cardType,
        })),
      };
    },

    /** Deletes a customer profile and every payment profile in it. */
    async deleteCustomerProfile(customerProfileId: string) {
      ok(await call(build.deleteCustomerProfileRequest(options.auth, { customerProfileId })));
    },

    async deleteCustomerPaymentProfile(customerProfileId: string, customerPaymentProfileId: string) {
      ok(
        await call(
          build.deleteCustomerPaymentProfileRequest(options.auth, { customerProfileId, customerPaymentProfileId }),
        ),
      );
    },

    /**
     * The gateway's record of a charge we sent with this invoice number, if it made one: how a
     * timed-out or interrupted authorisation is found afterwards (the gateway has no idempotency key).
     */
    async findTransactionByInvoice(
      customerProfileId: string,
      invoiceNumber: string,
    ): Promise<{ transId: string; status: string; customerPaymentProfileId?: string } | null> {
      const json = await call(
        build.getTransactionListForCustomerRequest(options.auth, { customerProfileId, limit: 100 }),
      );
      const first = Messages.parse(json.messages).message[0];
      // E00045/I00004: no transactions at all for this customer.
      if (first?.code === 'I00004' || first?.code === 'E00045') return null;
      ok(json);
      const list = z
        .array(
          z.object({
            transId: z.string(),
            transactionStatus: z.string(),
            invoiceNumber: z.string().optional(),
            // The card it was made with: a refund goes back to the card of the original charge.
            profile: z.object({ customerPaymentProfileId: z.string().optional() }).optional(),
          }),
        )
        .default([])
        .parse(json.transactions);
      const match = list.find((t) => t.invoiceNumber === invoiceNumber);
      if (!match) return null;
      const paymentProfileId = match.profile?.customerPaymentProfileId;
      return {
        transId: match.transId,
        status: match.transactionStatus,
        ...(paymentProfileId ? { customerPaymentProfileId: paymentProfileId } : {}),
      };
    },

    /**
     * The gateway's record of one transaction: `capturedPendingSettlement` until the daily batch,
     * then `settledSuccessfully`; `voided`; a refund's own `refundPendingSettlement`, … Null when
     * the gateway does not know the id (E00040).
     */
    async getTransactionDetails(transId: string): Promise<TransactionDetails | null> {
      const json = await call(build.getTransactionDetailsRequest(options.auth, { transId }));
      if (Messages.parse(json.messages).message[0]?.code === 'E00040') return null;
      ok(json);
      const t = z
        .object({
          transId: z.string(),
          transactionStatus: z.string(),
          transactionType: z.string().optional(),
          authAmount: z.coerce.number().optional(),
          settleAmount: z.coerce.number().optional(),
          order: z.object({ invoiceNumber: z.string().optional() }).optional(),
          batch: z.object({ settlementTimeUTC: z.string().optional() }).optional(),
        })
        .parse(json.transaction);
      return {
        transId: t.transId,
        status: t.transactionStatus,
        type: t.transactionType ?? null,
        authAmount: t.authAmount ?? null,
        settleAmount: t.settleAmount ?? null,
        invoiceNumber: t.order?.invoiceNumber ?? null,
        settledAt: t.batch?.settlementTimeUTC ?? null,
      };
    },

    /** A credit of `amount` against a settled capture (refTransId: the original charge). */
    refund: (args: Parameters<typeof build.refundTransactionRequest>[1]) =>
      transaction(build.refundTransactionRequest(options.auth, args)),

    authorize: (charge: ProfileCharge) => transaction(build.authOnlyTransactionRequest(options.auth, charge)),
    authorizeAndCapture: (charge: ProfileCharge) =>
      transaction(build.authCaptureTransactionRequest(options.auth, charge)),
    capture: (args: { refId: string; amount?: string; refTransId: string }) =>
      transaction(build.priorAuthCaptureTransactionRequest(options.auth, args)),
    voidTransaction: (args: { refId: string; refTransId: string }) =>
      transaction(build.voidTransactionRequest(options.auth, args)),
  };
  return options.observe ? timed(methods, options.observe) : methods;
}

/** Every method of the client, timed and reported under its own name as the operation. */
function timed<T extends Record<string, (...args: never[]) => Promise<unknown>>>(
  methods: T,
  observe: NonNullable<AuthNetClientOptions['observe']>,
): T {
  const wrapped: Record<string, unknown> = {};
  for (const [operation, method] of Object.entries(methods)) {
    wrapped[operation] = async (...args: never[]) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const result = await method(...args);
        observe(operation, 'ok', seconds());
        return result;
      } catch (error) {
        // A reply we could not read (malformed JSON, an unexpected shape) is the gateway's error too.
        observe(operation, error instanceof GatewayError ? error.failure : 'error', seconds());
        throw error;
      }
    };
  }
  return wrapped as T;
}

export type AuthNetClient = ReturnType<typeof createAuthNetClient>;
