// Request bodies for Authorize.Net's JSON API. The gateway validates JSON against its XSD, so KEY
// ORDER MATTERS: every builder writes keys in the schema's sequence (tests pin the exact JSON).

export interface MerchantAuthentication {
  name: string;
  transactionKey: string;
}

export interface OpaqueData {
  dataDescriptor: string;
  dataValue: string;
}

export interface BillTo {
  firstName?: string;
  lastName?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phoneNumber?: string;
}

export type ValidationMode = 'none' | 'testMode' | 'liveMode';

/** Drops undefined values but keeps the order of the keys that remain. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const billTo = (b: BillTo) =>
  compact({
    firstName: b.firstName,
    lastName: b.lastName,
    address: b.address,
    city: b.city,
    state: b.state,
    zip: b.zip,
    country: b.country,
    phoneNumber: b.phoneNumber,
  });

export function createCustomerProfileRequest(
  auth: MerchantAuthentication,
  args: {
    merchantCustomerId: string;
    description?: string;
    email: string;
    billTo: BillTo;
    opaqueData: OpaqueData;
    validationMode: ValidationMode;
  },
) {
  return {
    createCustomerProfileRequest: {
      merchantAuthentication: auth,
      profile: compact({
        merchantCustomerId: args.merchantCustomerId,
        description: args.description,
        email: args.email,
        paymentProfiles: {
          customerType: 'individual',
          billTo: billTo(args.billTo),
          payment: { opaqueData: args.opaqueData },
          defaultPaymentProfile: true,
        },
      }),
      validationMode: args.validationMode,
    },
  };
}

export function createCustomerPaymentProfileRequest(
  auth: MerchantAuthentication,
  args: {
    customerProfileId: string;
    billTo: BillTo;
    opaqueData: OpaqueData;
    defaultPaymentProfile: boolean;
    validationMode: ValidationMode;
  },
) {
  return {
    createCustomerPaymentProfileRequest: {
      merchantAuthentication: auth,
      customerProfileId: args.customerProfileId,
      paymentProfile: {
        customerType: 'individual',
        billTo: billTo(args.billTo),
        payment: { opaqueData: args.opaqueData },
        defaultPaymentProfile: args.defaultPaymentProfile,
      },
      validationMode: args.validationMode,
    },
  };
}

export function getCustomerProfileRequest(auth: MerchantAuthentication, args: { customerProfileId: string }) {
  return { getCustomerProfileRequest: { merchantAuthentication: auth, customerProfileId: args.customerProfileId } };
}

export function deleteCustomerProfileRequest(auth: MerchantAuthentication, args: { customerProfileId: string }) {
  return { deleteCustomerProfileRequest: { merchantAuthentication: auth, customerProfileId: args.customerProfileId } };
}

export function deleteCustomerPaymentProfileRequest(
  auth: MerchantAuthentication,
  args: { customerProfileId: string; customerPaymentProfileId: string },
) {
  return {
    deleteCustomerPaymentProfileRequest: {
      merchantAuthentication: auth,
      customerProfileId: args.customerProfileId,
      customerPaymentProfileId: args.customerPaymentProfileId,
    },
  };
}

export interface ProfileCharge {
  /** Our reference (e.g. the purchase id), echoed back; at most 20 characters. */
  refId: string;
  amount: string;
  customerProfileId: string;
  paymentProfileId: string;
  invoiceNumber: string;
  description: string;
}

function profileTransaction(
  auth: MerchantAuthentication,
  type: 'authOnlyTransaction' | 'authCaptureTransaction',
  c: ProfileCharge,
) {
  return {
    createTransactionRequest: {
      merchantAuthentication: auth,
      refId: c.refId,
      transactionRequest: {
        transactionType: type,
        amount: c.amount,
        profile: { customerProfileId: c.customerProfileId, paymentProfile: { paymentProfileId: c.paymentProfileId } },
        order: { invoiceNumber: c.invoiceNumber, description: c.description },
      },
    },
  };
}

export const authOnlyTransactionRequest = (auth: MerchantAuthentication, charge: ProfileCharge) =>
  profileTransaction(auth, 'authOnlyTransaction', charge);

export const authCaptureTransactionRequest = (auth: MerchantAuthentication, charge: ProfileCharge) =>
  profileTransaction(auth, 'authCaptureTransaction', charge);

export function priorAuthCaptureTransactionRequest(
  auth: MerchantAuthentication,
  args: { refId: string; amount?: string; refTransId: string },
) {
  return {
    createTransactionRequest: {
      merchantAuthentication: auth,
      refId: args.refId,
      transactionRequest: compact({
        transactionType: 'priorAuthCaptureTransaction',
        amount: args.amount,
        refTransId: args.refTransId,
      }),
    },
  };
}

export function voidTransactionRequest(auth: MerchantAuthentication, args: { refId: string; refTransId: string }) {
  return {
    createTransactionRequest: {
      merchantAuthentication: auth,
      refId: args.refId,
      transactionRequest: { transactionType: 'voidTransaction', refTransId: args.refTransId },
    },
  };
}

/**
 * A credit against a settled capture, to the card of the customer profile it was charged to; the
 * invoice number is the refund's own, so an unanswered refund can be found in the customer's list.
 */
export function refundTransactionRequest(
  auth: MerchantAuthentication,
  args: {
    refId: string;
    amount: string;
    refTransId: string;
    customerProfileId: string;
    customerPaymentProfileId: string;
    invoiceNumber: string;
  },
) {
  return {
    createTransactionRequest: {
      merchantAuthentication: auth,
      refId: args.refId,
      transactionRequest: {
        transactionType: 'refundTransaction',
        amount: args.amount,
        profile: {
          customerProfileId: args.customerProfileId,
          paymentProfile: { paymentProfileId: args.customerPaymentProfileId },
        },
        refTransId: args.refTransId,
        order: { invoiceNumber: args.invoiceNumber },
      },
    },
  };
}

/** One transaction's record at the gateway: its status (settled or not, voided, refunded) and amounts. */
export function getTransactionDetailsRequest(auth: MerchantAuthentication, args: { transId: string }) {
  return { getTransactionDetailsRequest: { merchantAuthentication: auth, transId: args.transId } };
}

/** The newest transactions of a customer profile: how we find a charge by its invoice number. */
export function getTransactionListForCustomerRequest(
  auth: MerchantAuthentication,
  args: { customerProfileId: string; limit: number },
) {
  return {
    getTransactionListForCustomerRequest: {
      merchantAuthentication: auth,
      customerProfileId: args.customerProfileId,
      sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
      paging: { limit: args.limit, offset: 1 },
    },
  };
}
