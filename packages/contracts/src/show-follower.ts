import { applyJsonPatch } from './json-patch';
import { ShowChange, type ShowStateView } from './show';

/**
 * Rebuilds the show-state views one socket receives: a full `show:state` (with its rev) sets the
 * base, and each `show:change` applies to the base it names. A change for another base (one
 * missed, or sent before a reconnect) gives null: the caller fetches the state instead.
 */
export function createShowFollower() {
  let base: { rev: number; view: ShowStateView } | null = null;
  return {
    /** A full view from `show:state`, with the rev the next `show:change` names as its base. */
    state(view: ShowStateView, rev: number): ShowStateView {
      base = { rev, view };
      return view;
    },
    /** The view a `show:change` makes, or null when it does not follow from the view held. */
    change(payload: unknown): ShowStateView | null {
      const change = ShowChange.safeParse(payload);
      if (!change.success || base?.rev !== change.data.base) {
        base = null;
        return null;
      }
      try {
        base = { rev: change.data.rev, view: applyJsonPatch(base.view, change.data.ops) };
        return base.view;
      } catch {
        base = null;
        return null;
      }
    },
    /** The socket closed: the next connection starts from its own full state. */
    reset() {
      base = null;
    },
  };
}
