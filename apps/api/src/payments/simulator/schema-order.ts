// The element sequences of Authorize.Net's XSD for the requests we simulate. The real gateway
// rejects JSON whose keys are out of order (E00003); so does the simulator, so our client can't
// drift from what Authorize.Net accepts.

export interface Sequence {
  [element: string]: { required?: boolean; children?: Sequence } | true;
}

const merchantAuthentication: Sequence = {
  name: { required: true },
  transactionKey: true,
  clientKey: true,
};
const opaqueData: Sequence = { dataDescriptor: { required: true }, dataValue: { required: true } };
const billTo: Sequence = {
  firstName: true,
  lastName: true,
  company: true,
  address: true,
  city: true,
  state: true,
  zip: true,
  country: true,
  phoneNumber: true,
  faxNumber: true,
};
const paymentProfile: Sequence = {
  customerType: true,
  billTo: { children: billTo },
  payment: { required: true, children: { opaqueData: { children: opaqueData } } },
  driversLicense: true,
  taxId: true,
  defaultPaymentProfile: true,
};

export const requestSequences: Record<string, Sequence> = {
  securePaymentContainerRequest: {
    merchantAuthentication: { required: true, children: merchantAuthentication },
    refId: true,
    data: { required: true },
  },
  createCustomerProfileRequest: {
    merchantAuthentication: { required: true, children: merchantAuthentication },
    refId: true,
    profile: {
      required: true,
      children: {
        merchantCustomerId: true,
        description: true,
        email: true,
        paymentProfiles: { children: paymentProfile },
        shipToList: true,
        profileType: true,
      },
    },
    validationMode: true,
  },
  createCustomerPaymentProfileRequest: {
    merchantAuthentication: { required: true, children: merchantAuthentication },
    refId: true,
    customerProfileId: { required: true },
    paymentProfile: { required: true, children: paymentProfile },
    validationMode: true,
  },
  getCustomerProfileRequest: {
    merchantAuthentication: { required: true, children: merchantAuthentication },
    refId: true,
    customerProfileId: true,
    merchantCustomerId: true,
    email: true,
    unmaskExpirationDate: true,
    includeIssuerInfo: true,
  },
  deleteCustomerPaymentProfileRequest: {
    merchantAuthentication: { required: true, children: merchantAuthentication },
    refId: true,
    customerProfileId: { required: true },
    customerPaymentProfileId: { required: true },
  },
  getTransactionListForCustomerRequest: {
    merchantAuthentication: { required: true, children: merchantAuthentication },
    refId: true,
    customerProfileId: { required: true },
    customerPaymentProfileId: true,
    sorting: { children: { orderBy: { required: true }, orderDescending: { required: true } } },
    paging: { children: { limit: { required: true }, offset: { required: true } } },
  },
  createTransactionRequest: {
    merchantAuthentication: { required: true, children: merchantAuthentication },
    refId: true,
    transactionRequest: {
      required: true,
      children: {
        transactionType: { required: true },
        amount: true,
        currencyCode: true,
        payment: true,
        profile: {
          children: {
            createProfile: true,
            customerProfileId: true,
            paymentProfile: { children: { paymentProfileId: true, cardCode: true } },
            shippingProfileId: true,
          },
        },
        solution: true,
        callId: true,
        terminalNumber: true,
        authCode: true,
        refTransId: true,
        splitTenderId: true,
        order: { children: { invoiceNumber: true, description: true } },
        lineItems: true,
        tax: true,
        duty: true,
        shipping: true,
        taxExempt: true,
        poNumber: true,
        customer: true,
        billTo: true,
        shipTo: true,
        customerIP: true,
        transactionSettings: true,
        userFields: true,
      },
    },
  },
};

/** The first XSD violation, phrased like the gateway's E00003, or null when the element is valid. */
export function sequenceViolation(element: string, value: unknown, sequence: Sequence): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `The element '${element}' has invalid content.`;
  }
  const allowed = Object.keys(sequence);
  let position = -1;
  for (const key of Object.keys(value)) {
    const index = allowed.indexOf(key);
    if (index <= position) {
      const expected = allowed.slice(position + 1).filter((k) => !(index === -1 && k === key));
      return `The element '${element}' has invalid child element '${key}'. List of possible elements expected: '${expected.join("', '")}'.`;
    }
    position = index;
    const rule = sequence[key];
    if (rule !== true && rule?.children) {
      const nested = sequenceViolation(key, (value as Record<string, unknown>)[key], rule.children);
      if (nested) return nested;
    }
  }
  for (const [key, rule] of Object.entries(sequence)) {
    if (rule !== true && rule.required && !(key in value)) {
      return `The element '${element}' has incomplete content. List of possible elements expected: '${key}'.`;
    }
  }
  return null;
}
