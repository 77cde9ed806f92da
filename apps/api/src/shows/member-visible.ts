/**
 * Shows whose lineup members see: the countdown card's preview of a scheduled show and the live
 * show (packages/show's snapshot picks from these). A draft or an ended show is hidden: every
 * member call about it (hearts, reminders) answers exactly as for an unknown id, so its answers
 * cannot tell a member that it exists.
 */
const SEEN = new Set(['scheduled', 'running', 'paused']);

export const membersCanSee = (show: { kind: string; status: string }): boolean =>
  show.kind === 'live' && SEEN.has(show.status);
