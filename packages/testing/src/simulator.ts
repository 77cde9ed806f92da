import { generateSimulatorCredentials } from '@vault/authnet-simulator';

/**
 * Environment for an API process that runs the payment simulator with credentials of its own,
 * as scaled mode requires (nothing in the repo may authenticate to a simulator). Pass the same
 * object to every replica of one deployment.
 */
export function simulatorEnv(): Record<
  'AUTHNET_MODE' | 'AUTHNET_API_LOGIN_ID' | 'AUTHNET_TRANSACTION_KEY' | 'AUTHNET_CLIENT_KEY',
  string
> {
  const credentials = generateSimulatorCredentials();
  return {
    AUTHNET_MODE: 'simulator',
    AUTHNET_API_LOGIN_ID: credentials.apiLoginId,
    AUTHNET_TRANSACTION_KEY: credentials.transactionKey,
    AUTHNET_CLIENT_KEY: credentials.clientKey,
  };
}
