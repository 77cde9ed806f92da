import type { ServiceDeps } from '../core/deps';
import { deleteUserSessions } from '../platform/session/repository';

/**
 * Ends every session of a member everywhere, at once: the rows, every instance's cached copies,
 * and their open sockets. For a password reset, a promotion, anything that must sign them out.
 */
export async function endUserSessions(deps: Pick<ServiceDeps, 'db' | 'sessionStore'>, userId: string): Promise<void> {
  await deleteUserSessions(deps.db, userId);
  await announceUserSessionsEnded(deps, userId);
}

/** The second half of endUserSessions, for callers that deleted the rows in their own transaction. */
export async function announceUserSessionsEnded(deps: Pick<ServiceDeps, 'sessionStore'>, userId: string) {
  await deps.sessionStore.end({ type: 'user.sessions-ended', userId });
}
