import { inKindOrder, type PushKind, pushKinds } from '@vault/contracts';

// Which kinds a browser subscribes with: the member's switches, plus what the place that offered
// push is about ("Notify me" is about a show starting). Always in pushKindLabels' order.

/**
 * The kinds to subscribe with. A member whose switches are all off is turning notifications on to
 * get some: all of them then, which they can narrow on /account.
 */
export function kindsToTurnOn(current: readonly PushKind[], alsoWanted: readonly PushKind[] = []): PushKind[] {
  const kinds = inKindOrder([...current, ...alsoWanted]);
  return kinds.length > 0 ? kinds : [...pushKinds];
}

/** The switches after one kind was flipped. */
export const withKind = (current: readonly PushKind[], kind: PushKind, on: boolean): PushKind[] =>
  inKindOrder(on ? [...current, kind] : current.filter((k) => k !== kind));
