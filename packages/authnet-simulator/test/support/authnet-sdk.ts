import { APIContracts as Contracts, APIControllers as Controllers } from 'authorizenet';
import { expect } from 'vitest';

// Driving the simulator with a client that is not ours: Authorize.Net's official Node SDK
// (`authorizenet`), pointed at the simulator with setEnvironment(). It builds its requests from
// its own contracts (with the clientId element it adds to every request) and reads the answers
// with its own response classes. Shared by the tests that use it.

/** Any SDK controller: execute() calls back only on success; on an HTTP failure it keeps the error. */
export interface SdkController {
  setEnvironment(url: string): void;
  execute(callback: () => void): void;
  getResponse(): unknown;
  getError(): unknown;
  _request: Record<string, Record<string, unknown>>;
}

export interface SdkCredentials {
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
}

export function sdkClient(endpoint: string, credentials: SdkCredentials) {
  /** Runs one SDK call against the simulator and returns the raw JSON it got back. */
  function send(controller: SdkController): Promise<Record<string, unknown>> {
    controller.setEnvironment(endpoint);
    return new Promise((resolve, reject) => {
      const done = (fn: () => void) => {
        clearInterval(poll);
        clearTimeout(timer);
        fn();
      };
      const poll = setInterval(() => {
        const error = controller.getError();
        if (error) done(() => reject(error));
      }, 10);
      const timer = setTimeout(() => done(() => reject(new Error('The SDK call never completed'))), 10_000);
      controller.execute(() => done(() => resolve(controller.getResponse() as Record<string, unknown>)));
    });
  }

  /** Every request the SDK sent carried its clientId, right after merchantAuthentication. */
  function expectSdkShape(controller: SdkController) {
    const [request] = Object.values(controller._request);
    expect(Object.keys(request ?? {}).slice(0, 2)).toEqual(['merchantAuthentication', 'clientId']);
    expect(request?.clientId).toMatch(/^sdk-node-/);
  }

  /** The merchant's secret credentials, as every request but securePaymentContainerRequest carries them. */
  function merchant() {
    const auth = new Contracts.MerchantAuthenticationType();
    auth.setName(credentials.apiLoginId);
    auth.setTransactionKey(credentials.transactionKey);
    return auth;
  }

  return { send, expectSdkShape, merchant };
}

type TransactionRequest = InstanceType<typeof Contracts.TransactionRequestType>;

/** A customer profile's ids as the SDK's responses give them (list items come wrapped in String objects). */
export interface SdkProfileIds {
  customer: string;
  payment: string;
}

/** The flows the SDK tests share: a token as Accept.js gets one, a saved card, a transaction. */
export function sdkFlows(sdk: ReturnType<typeof sdkClient>, credentials: SdkCredentials) {
  /** securePaymentContainerRequest: what Accept.js does, with the public client key. */
  async function token(cardNumber: string) {
    const auth = new Contracts.MerchantAuthenticationType();
    auth.setName(credentials.apiLoginId);
    auth.setClientKey(credentials.clientKey);
    const card = new Contracts.WebCheckOutDataTypeToken();
    card.setCardNumber(cardNumber);
    card.setExpirationDate('2030-12');
    card.setCardCode('123');
    const data = new Contracts.WebCheckOutDataType();
    data.setType(Contracts.WebCheckOutTypeEnum.TOKEN);
    data.setId(`sdk-${Date.now()}`);
    data.setToken(card);
    const request = new Contracts.SecurePaymentContainerRequest();
    request.setMerchantAuthentication(auth);
    request.setRefId('token-1');
    request.setData(data);
    const controller = new Controllers.SecurePaymentContainerController(request.getJSON()) as SdkController;
    const response = new Contracts.SecurePaymentContainerResponse(await sdk.send(controller));
    sdk.expectSdkShape(controller);
    expect(response.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    return response.getOpaqueData();
  }

  /** createCustomerProfileRequest with the token as opaque data, validated in live mode. */
  async function createProfile(cardNumber: string, merchantCustomerId: string) {
    const opaque = await token(cardNumber);
    const opaqueData = new Contracts.OpaqueDataType();
    opaqueData.setDataDescriptor(opaque.getDataDescriptor());
    opaqueData.setDataValue(opaque.getDataValue());
    const payment = new Contracts.PaymentType();
    payment.setOpaqueData(opaqueData);
    const billTo = new Contracts.CustomerAddressType();
    billTo.setFirstName('Ada');
    billTo.setLastName('Blade');
    billTo.setAddress('1 Forge Street');
    billTo.setCity('Austin');
    billTo.setState('TX');
    billTo.setZip('78701');
    billTo.setCountry('US');
    const paymentProfile = new Contracts.CustomerPaymentProfileType();
    paymentProfile.setCustomerType(Contracts.CustomerTypeEnum.INDIVIDUAL);
    paymentProfile.setBillTo(billTo);
    paymentProfile.setPayment(payment);
    paymentProfile.setDefaultPaymentProfile(true);
    const profile = new Contracts.CustomerProfileType();
    profile.setMerchantCustomerId(merchantCustomerId);
    profile.setDescription('Created by the official SDK');
    profile.setEmail(`${merchantCustomerId.toLowerCase()}@example.com`);
    profile.setPaymentProfiles([paymentProfile]);
    const request = new Contracts.CreateCustomerProfileRequest();
    request.setMerchantAuthentication(sdk.merchant());
    request.setProfile(profile);
    request.setValidationMode(Contracts.ValidationModeEnum.LIVEMODE);
    const controller = new Controllers.CreateCustomerProfileController(request.getJSON()) as SdkController;
    const response = new Contracts.CreateCustomerProfileResponse(await sdk.send(controller));
    sdk.expectSdkShape(controller);
    return response;
  }

  /** The ids of a profile the SDK created. */
  function profileIds(created: InstanceType<typeof Contracts.CreateCustomerProfileResponse>): SdkProfileIds {
    return {
      customer: String(created.getCustomerProfileId()),
      payment: String(created.getCustomerPaymentProfileIdList().getNumericString()[0]),
    };
  }

  /** createTransactionRequest through the SDK's TransactionRequestType. */
  async function transact(refId: string, build: (tr: TransactionRequest) => void) {
    const transactionRequest = new Contracts.TransactionRequestType();
    build(transactionRequest);
    const request = new Contracts.CreateTransactionRequest();
    request.setMerchantAuthentication(sdk.merchant());
    request.setRefId(refId);
    request.setTransactionRequest(transactionRequest);
    const controller = new Controllers.CreateTransactionController(request.getJSON()) as SdkController;
    const response = new Contracts.CreateTransactionResponse(await sdk.send(controller));
    sdk.expectSdkShape(controller);
    return response;
  }

  /** The saved card of a customer profile, as a transaction names it. */
  function profilePayment(ids: SdkProfileIds) {
    const paymentProfile = new Contracts.PaymentProfile();
    paymentProfile.setPaymentProfileId(ids.payment);
    const profile = new Contracts.CustomerProfilePaymentType();
    profile.setCustomerProfileId(ids.customer);
    profile.setPaymentProfile(paymentProfile);
    return profile;
  }

  /** An order with its invoice number (and a description, as a shop sends it). */
  function order(invoiceNumber: string, description?: string) {
    const value = new Contracts.OrderType();
    value.setInvoiceNumber(invoiceNumber);
    if (description) value.setDescription(description);
    return value;
  }

  return { token, createProfile, profileIds, transact, profilePayment, order };
}
