import { describe, expect, it } from 'vitest';
import { checkRequest } from './schema-order';
import { xsdComplexTypes, xsdRequestTypes } from './xsd-sequences';

const auth = { name: 'login', transactionKey: 'key' };
const textOf = (body: unknown) => {
  const result = checkRequest(body);
  return result.ok ? 'ok' : `${result.code} ${result.text}`;
};

describe('the XSD check of simulated requests', () => {
  it('has a generated content model for every request type it implements', () => {
    for (const type of xsdRequestTypes) expect(xsdComplexTypes[type]?.content).toBeTruthy();
  });

  it.each([
    // What the official Node SDK sends: clientId right after merchantAuthentication, refId, arrays.
    {
      createCustomerProfileRequest: {
        merchantAuthentication: auth,
        clientId: 'sdk-node-1.0.10',
        refId: '123',
        profile: {
          merchantCustomerId: 'M_1',
          description: 'd',
          email: 'a@b.c',
          paymentProfiles: [
            {
              customerType: 'individual',
              billTo: { firstName: 'Ada', lastName: 'Blade', phoneNumber: '512' },
              payment: { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'x' } },
              defaultPaymentProfile: true,
            },
          ],
          shipToList: [],
          profileType: 'regular',
        },
        validationMode: 'liveMode',
      },
    },
    {
      securePaymentContainerRequest: {
        merchantAuthentication: { name: 'login', clientKey: 'public' },
        clientId: 'sdk-node-1.0.10',
        data: { type: 'TOKEN', id: 'abc', token: { cardNumber: '4111111111111111', expirationDate: '2030-12' } },
      },
    },
    {
      createTransactionRequest: {
        merchantAuthentication: auth,
        clientId: null,
        transactionRequest: {
          transactionType: 'authOnlyTransaction',
          amount: 12.5,
          profile: { customerProfileId: 123456789, paymentProfile: { paymentProfileId: '987654321', cardCode: '123' } },
          order: { invoiceNumber: 'INV-1', description: 'A blade' },
          lineItems: { lineItem: [{ itemId: '1', name: 'Blade', quantity: 1, unitPrice: '12.50' }] },
          customer: { type: 'individual', id: '42', email: 'a@b.c' },
          transactionSettings: { setting: { settingName: 'duplicateWindow', settingValue: '120' } },
          userFields: { userField: [{ name: 'a', value: 'b' }] },
          processingOptions: { isStoredCredentials: 'true' },
        },
      },
    },
    {
      getTransactionListForCustomerRequest: {
        merchantAuthentication: auth,
        customerProfileId: '1',
        sorting: { orderBy: 'submitTimeUTC', orderDescending: false },
        paging: { limit: '100', offset: 1 },
      },
    },
    { getCustomerProfileRequest: { merchantAuthentication: auth, email: 'a@b.c', unmaskExpirationDate: true } },
    {
      deleteCustomerPaymentProfileRequest: {
        merchantAuthentication: auth,
        customerProfileId: '1',
        customerPaymentProfileId: '2',
      },
    },
  ])('accepts what the XSD accepts: %#', (body) => {
    expect(textOf(body)).toBe('ok');
  });

  it.each([
    [null, 'E00003 XmlNodeConverter can only convert JSON that begins with an object.'],
    [[1], 'E00003 XmlNodeConverter can only convert JSON that begins with an object.'],
    [{}, 'E00003 Root element is missing.'],
    [{ a: {}, b: {} }, 'E00003 JSON root object has multiple properties'],
    [{ fooRequest: {} }, "E00003 The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:fooRequest' element is not declared."],
    [{ ARBCreateSubscriptionRequest: {} }, 'E00004 The simulator does not implement'],
    [
      { getCustomerProfileRequest: { customerProfileId: '1', merchantAuthentication: auth } },
      "has invalid child element 'customerProfileId' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'. List of possible elements expected: 'merchantAuthentication'",
    ],
    [
      { getCustomerProfileRequest: { merchantAuthentication: auth, refId: '1', clientId: 'x' } },
      "invalid child element 'clientId' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'. List of possible elements expected: 'customerProfileId, merchantCustomerId, email, unmaskExpirationDate, includeIssuerInfo'",
    ],
    [
      { deleteCustomerPaymentProfileRequest: { merchantAuthentication: auth, customerProfileId: '1' } },
      "has incomplete content. List of possible elements expected: 'customerPaymentProfileId'",
    ],
    [
      { createTransactionRequest: { merchantAuthentication: auth, transactionRequest: { amount: '1' } } },
      "The element 'transactionRequest' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd' has invalid child element 'amount'",
    ],
    [
      {
        createTransactionRequest: {
          merchantAuthentication: auth,
          transactionRequest: { transactionType: 'x', amount: 'ten' },
        },
      },
      "'AnetApi/xml/v1/schema/AnetApiSchema.xsd:amount' element is invalid - The value is invalid according to its datatype 'Decimal'",
    ],
    [
      { createTransactionRequest: { merchantAuthentication: auth, transactionRequest: { transactionType: { a: 1 } } } },
      "cannot contain child element 'a'",
    ],
    [{ getCustomerProfileRequest: { merchantAuthentication: 'text' } }, "The element 'merchantAuthentication'"],
    [
      { getCustomerProfileRequest: { merchantAuthentication: auth, refId: 'x'.repeat(21) } },
      'greater than the MaxLength value',
    ],
    [
      { getCustomerProfileRequest: { merchantAuthentication: auth, customerProfileId: '12a' } },
      'The Pattern constraint failed.',
    ],
    [
      { getCustomerProfileRequest: { merchantAuthentication: auth, refId: 'a\u0000b' } },
      'hexadecimal value 0x00, is an invalid character.',
    ],
    [
      { getCustomerProfileRequest: { merchantAuthentication: auth, customerProfileId: ['1', '2'] } },
      "invalid child element 'customerProfileId'",
    ],
    [
      {
        getTransactionListForCustomerRequest: {
          merchantAuthentication: auth,
          customerProfileId: '1',
          paging: { limit: 0, offset: 1 },
        },
      },
      'The MinInclusive constraint failed.',
    ],
    [
      { createCustomerProfileRequest: { merchantAuthentication: auth, profile: {}, validationMode: 'sometimes' } },
      'The Enumeration constraint failed.',
    ],
  ])('refuses %j', (body, message) => {
    expect(textOf(body)).toContain(message);
  });

  it('survives bodies nested far deeper than the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(textOf({ getCustomerProfileRequest: deep })).toContain("invalid child element 'a'");
    let arrays: unknown = [];
    for (let i = 0; i < 200_000; i++) arrays = [arrays];
    expect(textOf({ getCustomerProfileRequest: { merchantAuthentication: auth, refId: arrays } })).toContain('E00003');
  });
});
