import { describe, expect, it } from 'vitest';
import * as build from './requests';

// Authorize.Net validates JSON against its XSD sequence: the exact text we send, key order
// included, is pinned here for every request type.
const auth = { name: 'LOGIN', transactionKey: 'KEY' };
const opaqueData = { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'TOKEN' };
const billTo = {
  firstName: 'Ada',
  lastName: 'Blade',
  address: '1 Forge St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};
const charge = {
  refId: 'p1',
  amount: '389.00',
  customerProfileId: '500',
  paymentProfileId: '900',
  invoiceNumber: 'INV1',
  description: 'Obsidian',
};

describe('Authorize.Net request JSON', () => {
  it.each([
    [
      'createCustomerProfileRequest',
      build.createCustomerProfileRequest(auth, {
        merchantCustomerId: 'M1',
        description: 'Vault member',
        email: 'a@b.co',
        billTo,
        opaqueData,
        validationMode: 'liveMode',
      }),
      '{"createCustomerProfileRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"profile":{"merchantCustomerId":"M1","description":"Vault member","email":"a@b.co","paymentProfiles":{"customerType":"individual","billTo":{"firstName":"Ada","lastName":"Blade","address":"1 Forge St","city":"Austin","state":"TX","zip":"78701","country":"US"},"payment":{"opaqueData":{"dataDescriptor":"COMMON.ACCEPT.INAPP.PAYMENT","dataValue":"TOKEN"}},"defaultPaymentProfile":true}},"validationMode":"liveMode"}}',
    ],
    [
      'createCustomerPaymentProfileRequest',
      build.createCustomerPaymentProfileRequest(auth, {
        customerProfileId: '500',
        billTo: { zip: '78701', firstName: 'Ada' },
        opaqueData,
        defaultPaymentProfile: true,
        validationMode: 'liveMode',
      }),
      '{"createCustomerPaymentProfileRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"customerProfileId":"500","paymentProfile":{"customerType":"individual","billTo":{"firstName":"Ada","zip":"78701"},"payment":{"opaqueData":{"dataDescriptor":"COMMON.ACCEPT.INAPP.PAYMENT","dataValue":"TOKEN"}},"defaultPaymentProfile":true},"validationMode":"liveMode"}}',
    ],
    [
      'getCustomerProfileRequest',
      build.getCustomerProfileRequest(auth, { customerProfileId: '500' }),
      '{"getCustomerProfileRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"customerProfileId":"500"}}',
    ],
    [
      'getTransactionListForCustomerRequest',
      build.getTransactionListForCustomerRequest(auth, { customerProfileId: '500', limit: 100 }),
      '{"getTransactionListForCustomerRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"customerProfileId":"500","sorting":{"orderBy":"submitTimeUTC","orderDescending":true},"paging":{"limit":100,"offset":1}}}',
    ],
    [
      'deleteCustomerPaymentProfileRequest',
      build.deleteCustomerPaymentProfileRequest(auth, { customerProfileId: '500', customerPaymentProfileId: '900' }),
      '{"deleteCustomerPaymentProfileRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"customerProfileId":"500","customerPaymentProfileId":"900"}}',
    ],
    [
      'deleteCustomerProfileRequest',
      build.deleteCustomerProfileRequest(auth, { customerProfileId: '500' }),
      '{"deleteCustomerProfileRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"customerProfileId":"500"}}',
    ],
    [
      'authOnlyTransaction',
      build.authOnlyTransactionRequest(auth, charge),
      '{"createTransactionRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"refId":"p1","transactionRequest":{"transactionType":"authOnlyTransaction","amount":"389.00","profile":{"customerProfileId":"500","paymentProfile":{"paymentProfileId":"900"}},"order":{"invoiceNumber":"INV1","description":"Obsidian"}}}}',
    ],
    [
      'authCaptureTransaction',
      build.authCaptureTransactionRequest(auth, charge),
      '{"createTransactionRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"refId":"p1","transactionRequest":{"transactionType":"authCaptureTransaction","amount":"389.00","profile":{"customerProfileId":"500","paymentProfile":{"paymentProfileId":"900"}},"order":{"invoiceNumber":"INV1","description":"Obsidian"}}}}',
    ],
    [
      'priorAuthCaptureTransaction',
      build.priorAuthCaptureTransactionRequest(auth, { refId: 'p1', amount: '389.00', refTransId: '6000' }),
      '{"createTransactionRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"refId":"p1","transactionRequest":{"transactionType":"priorAuthCaptureTransaction","amount":"389.00","refTransId":"6000"}}}',
    ],
    [
      'voidTransaction',
      build.voidTransactionRequest(auth, { refId: 'p1', refTransId: '6000' }),
      '{"createTransactionRequest":{"merchantAuthentication":{"name":"LOGIN","transactionKey":"KEY"},"refId":"p1","transactionRequest":{"transactionType":"voidTransaction","refTransId":"6000"}}}',
    ],
  ])('%s', (_name, request, expected) => {
    expect(JSON.stringify(request)).toBe(expected);
  });
});
