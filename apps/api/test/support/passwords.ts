import { hashPassword } from '../../src/auth/password';

/**
 * A password hash in the production format at N=2^10 instead of 2^17. verifyPassword reads the
 * cost from the hash, so a member seeded with it signs in through the real login in milliseconds
 * instead of ~0.5 s of CPU. Tests about the hash's cost (login-abuse, auth-limits) keep the real one.
 */
export const cheapPasswordHash = (password: string): Promise<string> =>
  hashPassword(password, { N: 2 ** 10, r: 8, p: 1 });
