import { createHash, timingSafeEqual } from 'node:crypto';
import { gatewayFailure as failure } from './gateway-body';
import { type Json, obj } from './request-values';

export interface SimulatorCredentials {
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
}

/**
 * Like the gateway: only securePaymentContainerRequest (what Accept.js sends from browsers)
 * takes the public client key; every other request needs the secret transaction key. A
 * missing, wrong or misplaced key is E00007, and nothing runs. Null when the
 * merchant is who it says.
 */
export function authenticate(credentials: SimulatorCredentials, requestType: string, auth: unknown): Json | null {
  const given = obj(auth);
  const keyOk =
    requestType === 'securePaymentContainerRequest'
      ? sameSecret(given.clientKey, credentials.clientKey)
      : sameSecret(given.transactionKey, credentials.transactionKey);
  if (sameSecret(given.name, credentials.apiLoginId) && keyOk) return null;
  return failure('E00007', 'User authentication failed due to invalid authentication values.');
}

/** Compares secrets in constant time (hashing first, so lengths need not match); non-strings never match. */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
