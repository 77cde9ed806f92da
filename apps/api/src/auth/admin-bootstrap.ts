import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { deleteUserSessions } from '../platform/session/repository';
import { hashPassword, verifyPassword } from './password';
import { announceUserSessionsEnded } from './sessions';
import { findCredentials, insertUserIfNew, updateUser } from './users.repository';

/** The account embedded mode makes the admin while no ADMIN_EMAIL is set (its password in DATA_DIR/secrets.json). */
export const DEMO_ADMIN_EMAIL = 'admin@vault.local';

export interface AdminCredentials {
  email: string;
  password: string;
}

/**
 * created: a new admin. unchanged: the admin exists with this password (every ordinary restart).
 * password-reset: the admin's password changed; its sessions ended. promoted: an existing
 * non-admin account was taken over; its sessions ended.
 */
export type BootstrapOutcome = 'created' | 'unchanged' | 'password-reset' | 'promoted';

/**
 * Runs at every start: creates the admin, or makes the account with that email the admin with
 * this password, so an operator who lost the password only has to restart with a new one.
 *
 * Whoever held the account before must lose it: a stranger could have registered the admin email
 * (or linked an external sign-in to it) before the operator configured it. So a promotion or a
 * password change ends every session of the account on every replica, unlinks external sign-ins,
 * voids pending reset/verification links, and promotion is logged as a warning naming the email.
 * The user row and the session deletion change in one transaction, so a crash in between cannot
 * leave a promoted account with live old sessions (the next start would find nothing to do).
 * An admin whose password already matches is left alone, so restarts do not sign admins out.
 */
export async function bootstrapAdmin(
  deps: Pick<ServiceDeps, 'db' | 'sessionStore' | 'log'>,
  credentials: AdminCredentials,
): Promise<BootstrapOutcome> {
  const email = credentials.email.trim().toLowerCase();
  const existing = await findCredentials(deps.db, email);

  if (!existing) {
    // Two replicas starting together race here; the loser simply finds the row next start.
    await insertUserIfNew(deps.db, {
      email,
      password: await hashPassword(credentials.password),
      role: 'admin',
      emailVerified: true,
      firstName: 'Vault',
      lastName: 'Admin',
      fullName: 'Vault Admin',
    });
    return 'created';
  }

  const promoting = existing.role !== 'admin';
  if (!promoting && existing.password && (await verifyPassword(credentials.password, existing.password))) {
    return 'unchanged';
  }
  if (promoting) {
    deps.log.warn(
      { email },
      'ADMIN_EMAIL belongs to an existing non-admin account: promoting it to admin with the configured password, ending its sessions and unlinking its external sign-ins. If you did not create that account, check its profile and saved cards.',
    );
  }
  const password = await hashPassword(credentials.password);
  await withTransaction(deps.db, async (trx) => {
    await updateUser(trx, existing.id, {
      role: 'admin',
      password,
      emailVerified: true,
      // An external identity linked by the previous holder would sign them straight back in.
      ...(promoting ? { googleId: null, oidcSubject: null } : {}),
      resetToken: null,
      resetTokenExpiry: null,
      verificationToken: null,
      verificationTokenExpiry: null,
      updatedAt: new Date(),
    });
    await deleteUserSessions(trx, existing.id);
  });
  await announceUserSessionsEnded(deps, existing.id);
  return promoting ? 'promoted' : 'password-reset';
}

/**
 * Once ADMIN_EMAIL names the admin, the demo admin of earlier starts must stop being one: its
 * password was printed at every start and sits in DATA_DIR/secrets.json, so anyone who saw a log
 * or a backup could run shows. It becomes a customer without a password (nobody can sign in with
 * it; the row stays, as its purchases and audit entries refer to it), loses any linked sign-in and
 * pending links, and its sessions end on every replica, in one transaction as bootstrapAdmin does.
 * Returns whether there was one to demote: a no-op at every later start.
 */
export async function demoteDemoAdmin(
  deps: Pick<ServiceDeps, 'db' | 'sessionStore' | 'log'>,
  adminEmail: string,
): Promise<boolean> {
  if (adminEmail.trim().toLowerCase() === DEMO_ADMIN_EMAIL) return false;
  const demo = await findCredentials(deps.db, DEMO_ADMIN_EMAIL);
  if (demo?.role !== 'admin') return false;
  await withTransaction(deps.db, async (trx) => {
    await updateUser(trx, demo.id, {
      role: 'customer',
      password: null,
      googleId: null,
      oidcSubject: null,
      resetToken: null,
      resetTokenExpiry: null,
      verificationToken: null,
      verificationTokenExpiry: null,
      updatedAt: new Date(),
    });
    await deleteUserSessions(trx, demo.id);
  });
  await announceUserSessionsEnded(deps, demo.id);
  deps.log.warn(
    { email: DEMO_ADMIN_EMAIL, admin: adminEmail },
    `the demo admin ${DEMO_ADMIN_EMAIL} is no longer an admin now that ADMIN_EMAIL names the admin: its password is void and its sessions ended`,
  );
  return true;
}
