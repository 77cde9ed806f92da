import { APIContracts as Contracts } from 'authorizenet';
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
