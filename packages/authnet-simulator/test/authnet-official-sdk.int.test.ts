import { backends } from '@vault/testing';
import { APIContracts as Contracts, APIControllers as Controllers } from 'authorizenet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkController, sdkClient, sdkFlows } from './support/authnet-sdk';
import { type SimulatorHost, startSimulatorHost } from './support/simulator-host';

// The official SDK's requests and response classes against the simulator (see support/authnet-sdk.ts):
// if the simulator only understood our client's subset of the XSD, this would fail.

describe.each(backends)("Authorize.Net's official Node SDK against the simulator on %s", (backend) => {
  let t: SimulatorHost;
  let credentials: { apiLoginId: string; transactionKey: string; clientKey: string };
  let sdk: ReturnType<typeof sdkClient>;
  let flows: ReturnType<typeof sdkFlows>;

  beforeAll(async () => {
    t = await startSimulatorHost(backend);
    credentials = t.credentials;
    sdk = sdkClient(t.endpoint, credentials);
    flows = sdkFlows(sdk, credentials);
  });
  afterAll(async () => {
    await t?.close();
  });
  const send = (controller: SdkController) => sdk.send(controller);
  const expectSdkShape = (controller: SdkController) => sdk.expectSdkShape(controller);
  const merchant = () => sdk.merchant();

  let merchantCustomerIds = 0;
  const createProfile = (cardNumber: string) =>
    flows.createProfile(cardNumber, `SDK_${backend}_${++merchantCustomerIds}`);
  const transact = (build: Parameters<ReturnType<typeof sdkFlows>['transact']>[1]) =>
    flows.transact('sdk-charge', build);

  function authOnly(ids: { customer: string; payment: string }, amount: number, invoiceNumber: string) {
    return transact((tr) => {
      tr.setTransactionType(Contracts.TransactionTypeEnum.AUTHONLYTRANSACTION);
      tr.setAmount(amount);
      tr.setProfile(flows.profilePayment(ids));
      tr.setOrder(flows.order(invoiceNumber, 'A Damascus chef knife'));
      const duplicateWindow = new Contracts.SettingType();
      duplicateWindow.setSettingName('duplicateWindow');
      duplicateWindow.setSettingValue('120');
      const settings = new Contracts.ArrayOfSetting();
      settings.setSetting([duplicateWindow]);
      tr.setTransactionSettings(settings);
    });
  }

  it('tokenises, saves, authorises, refuses a duplicate, captures, voids, lists, reads and deletes', async () => {
    const created = await createProfile('4111111111111111');
    expect(created.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    const ids = flows.profileIds(created);
    expect(ids.customer).toMatch(/^\d{9,10}$/);
    expect(ids.payment).toMatch(/^\d{9,10}$/);
    expect(String(created.getValidationDirectResponseList().getString()[0])).toMatch(/^1,/);

    const authorised = await authOnly(ids, 42.5, 'INV-1');
    expect(authorised.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    const auth = authorised.getTransactionResponse();
    expect(auth.getResponseCode()).toBe('1');
    expect(auth.getMessages().getMessage()[0].getDescription()).toBe('This transaction has been approved.');
    expect(authorised.getRefId()).toBe('sdk-charge');

    // The same amount on the same card and order inside the duplicate window.
    const duplicate = await authOnly(ids, 42.5, 'INV-1');
    expect(duplicate.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.ERROR);
    expect(duplicate.getTransactionResponse().getResponseCode()).toBe('3');
    expect(duplicate.getTransactionResponse().getErrors().getError()[0].getErrorCode()).toBe('11');

    const captured = await transact((tr) => {
      tr.setTransactionType(Contracts.TransactionTypeEnum.PRIORAUTHCAPTURETRANSACTION);
      tr.setRefTransId(auth.getTransId());
    });
    expect(captured.getTransactionResponse().getResponseCode()).toBe('1');
    expect(captured.getTransactionResponse().getRefTransID()).toBe(auth.getTransId());

    const second = (await authOnly(ids, 10, 'INV-2')).getTransactionResponse();
    expect(second.getResponseCode()).toBe('1');
    const voided = await transact((tr) => {
      tr.setTransactionType(Contracts.TransactionTypeEnum.VOIDTRANSACTION);
      tr.setRefTransId(second.getTransId());
    });
    expect(voided.getTransactionResponse().getResponseCode()).toBe('1');

    const list = new Contracts.GetTransactionListForCustomerRequest();
    list.setMerchantAuthentication(merchant());
    list.setCustomerProfileId(ids.customer);
    const sorting = new Contracts.TransactionListSorting();
    sorting.setOrderBy(Contracts.TransactionListOrderFieldEnum.SUBMITTIMEUTC);
    sorting.setOrderDescending(true);
    list.setSorting(sorting);
    const paging = new Contracts.Paging();
    paging.setLimit(100);
    paging.setOffset(1);
    list.setPaging(paging);
    const listController = new Controllers.GetTransactionListForCustomerController(list.getJSON()) as SdkController;
    const listed = new Contracts.GetTransactionListResponse(await send(listController));
    expectSdkShape(listController);
    expect(listed.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    const statuses = listed
      .getTransactions()
      .getTransaction()
      .map((tx: InstanceType<typeof Contracts.TransactionSummaryType>) => [tx.getTransId(), tx.getTransactionStatus()]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        [auth.getTransId(), 'capturedPendingSettlement'],
        [second.getTransId(), 'voided'],
      ]),
    );

    const get = new Contracts.GetCustomerProfileRequest();
    get.setMerchantAuthentication(merchant());
    get.setCustomerProfileId(ids.customer);
    get.setUnmaskExpirationDate(false);
    const getController = new Controllers.GetCustomerProfileController(get.getJSON()) as SdkController;
    const fetched = new Contracts.GetCustomerProfileResponse(await send(getController));
    expectSdkShape(getController);
    const profile = fetched.getProfile();
    expect(profile.getCustomerProfileId()).toBe(ids.customer);
    expect(profile.getEmail()).toMatch(/^sdk_\w+_\d+@example\.com$/);
    const saved = profile.getPaymentProfiles()[0];
    expect(saved.getCustomerPaymentProfileId()).toBe(ids.payment);
    expect(saved.getPayment().getCreditCard().getCardNumber()).toBe('XXXX1111');

    const remove = new Contracts.DeleteCustomerPaymentProfileRequest();
    remove.setMerchantAuthentication(merchant());
    remove.setCustomerProfileId(ids.customer);
    remove.setCustomerPaymentProfileId(ids.payment);
    const removeController = new Controllers.DeleteCustomerPaymentProfileController(remove.getJSON()) as SdkController;
    const removed = new Contracts.DeleteCustomerPaymentProfileResponse(await send(removeController));
    expectSdkShape(removeController);
    expect(removed.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    const again = new Contracts.GetCustomerProfileResponse(
      await send(new Controllers.GetCustomerProfileController(get.getJSON()) as SdkController),
    );
    expect(again.getProfile().getPaymentProfiles() ?? []).toHaveLength(0);
  });

  it('sees a card declined at validation, and one declined at charge time', async () => {
    const refused = await createProfile('4000000000000002');
    expect(refused.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.ERROR);
    expect(refused.getMessages().getMessage()[0].getCode()).toBe('E00027');

    const created = await createProfile('4000000000000341');
    expect(created.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    const ids = flows.profileIds(created);
    const declined = await authOnly(ids, 99, 'INV-3');
    expect(declined.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.ERROR);
    expect(declined.getTransactionResponse().getResponseCode()).toBe('2');
    expect(declined.getTransactionResponse().getErrors().getError()[0].getErrorText()).toBe(
      'This transaction has been declined.',
    );
  });

  it('is refused with E00007 when the transaction key is wrong', async () => {
    const auth = new Contracts.MerchantAuthenticationType();
    auth.setName(credentials.apiLoginId);
    auth.setTransactionKey('WrongKey12345678');
    const request = new Contracts.GetCustomerProfileRequest();
    request.setMerchantAuthentication(auth);
    request.setCustomerProfileId('123456789');
    const controller = new Controllers.GetCustomerProfileController(request.getJSON()) as SdkController;
    const response = new Contracts.GetCustomerProfileResponse(await send(controller));
    expectSdkShape(controller);
    expect(response.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.ERROR);
    expect(response.getMessages().getMessage()[0].getCode()).toBe('E00007');
  });
});
