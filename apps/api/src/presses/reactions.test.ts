import { describe, expect, it } from 'vitest';
import { createReactionClock } from './reactions';

const ITEM = 'item-1';
const NEXT = 'item-2';

describe('the reaction clock', () => {
  it('measures a socket press from the push of its item, net of the member’s round trip', () => {
    const clock = createReactionClock();
    clock.pushed(ITEM, 1_000, true);
    clock.linkDelay('ann', 80);
    expect(clock.reactionMs('ann', ITEM, 1_400, true)).toBe(320);
    // No round trip known: nothing netted out.
    expect(clock.reactionMs('bob', ITEM, 1_400, true)).toBe(400);
  });

  it('clamps at 0 when the round trip is longer than the wait', () => {
    const clock = createReactionClock();
    clock.pushed(ITEM, 1_000, true);
    clock.linkDelay('ann', 500);
    expect(clock.reactionMs('ann', ITEM, 1_100, true)).toBe(0);
  });

  it('measures an HTTP press from the member’s first poll that carried the item, or the push when earlier', () => {
    const clock = createReactionClock();
    clock.pushed(ITEM, 1_000, true);
    clock.polled('ann', ITEM, 1_300);
    clock.polled('ann', ITEM, 1_900); // later answers do not move it
    expect(clock.reactionMs('ann', ITEM, 2_000, false)).toBe(700);
    // An HTTP press by a member with a socket here: the push reached them first.
    clock.socketOpened('ann');
    expect(clock.reactionMs('ann', ITEM, 2_000, false)).toBe(1_000);
  });

  it('counts a socket that closed while the item was on (the member fell back to HTTP), not one closed before', () => {
    const clock = createReactionClock();
    clock.socketOpened('ann');
    clock.socketOpened('bob');
    clock.socketClosed('bob', 500);
    clock.pushed(ITEM, 1_000, true);
    clock.socketClosed('ann', 1_200);
    expect(clock.reactionMs('ann', ITEM, 1_500, false)).toBe(500);
    // Bob's socket closed before the item came on and he never polled: no reveal time known.
    expect(clock.reactionMs('bob', ITEM, 1_500, false)).toBeNull();
    // Two sockets, one closes: still connected.
    clock.socketOpened('cy');
    clock.socketOpened('cy');
    clock.socketClosed('cy', 1_300);
    clock.pushed(NEXT, 2_000, true);
    expect(clock.reactionMs('cy', NEXT, 2_250, false)).toBe(250);
    expect(clock.reactionMs('ann', NEXT, 2_250, false)).toBeNull();
  });

  it('knows no reaction for an item it did not see come on (loaded at start), and none for another item', () => {
    const clock = createReactionClock();
    clock.pushed(ITEM, 1_000, false);
    clock.polled('ann', ITEM, 1_100);
    expect(clock.reactionMs('ann', ITEM, 1_200, true)).toBeNull();
    expect(clock.reactionMs('ann', ITEM, 1_200, false)).toBeNull();
    expect(clock.reactionMs('ann', NEXT, 1_200, true)).toBeUndefined();
    // The same item pushed again (a pause, a resume) is no new reveal.
    clock.pushed(ITEM, 5_000, true);
    expect(clock.reactionMs('ann', ITEM, 5_100, true)).toBeNull();
    // The next item is seen.
    clock.pushed(NEXT, 6_000, true);
    expect(clock.currentItem()).toBe(NEXT);
    expect(clock.reactionMs('ann', NEXT, 6_100, true)).toBe(100);
    clock.pushed(null, 7_000, true);
    expect(clock.reactionMs('ann', NEXT, 7_100, true)).toBeUndefined();
  });

  it('starts the polls over with each item, ignores a poll for another item and stays within its bounds', () => {
    const clock = createReactionClock({ maxPollers: 2, maxLinkDelays: 2 });
    clock.pushed(ITEM, 1_000, true);
    clock.polled('ann', NEXT, 1_050);
    clock.polled('ann', ITEM, 1_100);
    clock.polled('bob', ITEM, 1_100);
    clock.polled('cy', ITEM, 1_100); // over the bound: not kept
    expect(clock.reactionMs('cy', ITEM, 1_500, false)).toBeNull();
    expect(clock.reactionMs('ann', ITEM, 1_500, false)).toBe(400);
    clock.pushed(NEXT, 2_000, true);
    expect(clock.reactionMs('ann', NEXT, 2_500, false)).toBeNull();
    clock.polled('cy', NEXT, 2_100);
    expect(clock.reactionMs('cy', NEXT, 2_500, false)).toBe(400);
    // Link delays: the least recently measured is forgotten first.
    clock.linkDelay('ann', 10);
    clock.linkDelay('bob', 20);
    clock.linkDelay('ann', 30);
    clock.linkDelay('cy', 40);
    expect(clock.reactionMs('bob', NEXT, 2_500, true)).toBe(500);
    expect(clock.reactionMs('ann', NEXT, 2_500, true)).toBe(470);
    expect(clock.reactionMs('cy', NEXT, 2_500, true)).toBe(460);
  });
});
