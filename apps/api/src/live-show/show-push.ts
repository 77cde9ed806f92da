import { diffJson, type ShowChange, type ShowStateView } from '@vault/contracts';

/** The last view pushed to this instance's sockets, and its number. */
export interface Pushed {
  rev: number;
  view: ShowStateView;
}

export type Push =
  | { event: 'change'; change: ShowChange; pushed: Pushed }
  | { event: 'state'; view: ShowStateView; rev: number; pushed: Pushed };

/**
 * What to send every socket for a new view: the ops from the previous push when they are
 * smaller than the view (a Sold is a few hundred bytes against a full lineup), else the view.
 * `json` is the view's serialisation, which the caller already holds.
 */
export function nextPush(previous: Pushed, view: ShowStateView, json: string): Push {
  const pushed = { rev: previous.rev + 1, view };
  const change: ShowChange = { base: previous.rev, rev: pushed.rev, ops: diffJson(previous.view, view) };
  return JSON.stringify(change).length < json.length
    ? { event: 'change', change, pushed }
    : { event: 'state', view, rev: pushed.rev, pushed };
}
