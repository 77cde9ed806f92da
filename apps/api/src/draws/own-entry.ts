/** How many members' "not entered" answers one replica keeps per draw before starting over. */
const ASKED_LIMIT = 200_000;

/**
 * A member's own entry number for their view of the show (GET /api/show/state polls it every
 * second while their socket is down): from this replica's memory when they entered here (always,
 * embedded), else asked of the registry ONCE per member and draw on this replica — a member who
 * had not entered then and enters later does so through this replica (HAProxy pins a member's
 * requests and socket to one), where it is held. So a poll costs at most one Redis round trip per
 * member per draw, not one per second.
 */
export function createOwnEntry(deps: {
  held(drawId: string, userId: string): number | null;
  ask(drawId: string, userId: string): Promise<number | null>;
}) {
  let drawAsked = '';
  const asked = new Set<string>();
  return (drawId: string, userId: string): number | null | Promise<number | null> => {
    const held = deps.held(drawId, userId);
    if (held !== null) return held;
    if (drawAsked !== drawId || asked.size >= ASKED_LIMIT) {
      drawAsked = drawId;
      asked.clear();
    }
    if (asked.has(userId)) return null;
    asked.add(userId);
    return deps.ask(drawId, userId);
  };
}
