import type { ServiceDeps } from '../core/deps';

type Deps = Pick<ServiceDeps, 'bus' | 'log'>;

// What every replica's judge (plugin.ts) listens for on the 'eligibility' channel, said after a
// write committed. A failed publish is logged, not answered as an error: the change is stored, and
// a replica whose bus link broke reloads everything once the link is back (onResubscribed).

/** The rules, the attestation kinds or the carriers changed: every replica reloads them. */
export async function announceRulesChanged(deps: Deps): Promise<void> {
  await deps.bus.publish('eligibility', { type: 'eligibility.rules-changed' }).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'announcing changed eligibility rules failed');
  });
}

/** A member's facts changed (attestations, date of birth): every replica drops what it held of them. */
export async function announceMemberChanged(deps: Deps, userId: string): Promise<void> {
  await deps.bus.publish('eligibility', { type: 'eligibility.member-changed', userId }).catch((error: unknown) => {
    deps.log.warn({ err: error, userId }, 'announcing a member’s changed eligibility failed');
  });
}
