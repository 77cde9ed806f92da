import { randomInt } from 'node:crypto';
import type { SimulatorCredentials } from './simulator';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * Fresh merchant credentials for one simulator install, in the gateway's shapes: an API login
 * id of 8–25 characters (ours: 12), a 16-character transaction key and a client key of 50–80
 * characters (ours: 64, like Authorize.Net's public client keys). Generated with node:crypto, so
 * nothing in the source can authenticate to anyone's simulator.
 */
export function generateSimulatorCredentials(): SimulatorCredentials {
  return {
    apiLoginId: randomString(ALPHANUMERIC, 12),
    transactionKey: randomString(ALPHANUMERIC, 16),
    clientKey: randomString(ALPHANUMERIC, 64),
  };
}
