import { reactionBucketLabel } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { fairDropsOf, flaggedMembersOfShow, reactionBuckets } from './fair-drops';
import type { PressMemberRow, PressStatsRow } from './fair-drops.repository';

const ITEM = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

const stats = (showItemId: string | null, extra: Partial<PressStatsRow> = {}): PressStatsRow => ({
  showItemId,
  members: 4,
  flaggedMembers: 2,
  presses: 61,
  timed: 3,
  flagged: 2,
  minMs: 38,
  p10Ms: 38,
  p50Ms: 90,
  p90Ms: 480,
  buckets: [2, 0, 0, 1, 0, 0],
  ...extra,
});

const member = (userId: string, extra: Partial<PressMemberRow>): PressMemberRow => ({
  showItemId: ITEM,
  userId,
  email: `${userId.slice(-1)}@x.co`,
  fullName: null,
  buyingSuspended: false,
  presses: 1,
  reactionMs: 300,
  flagged: false,
  top: true,
  ...extra,
});

describe("the report's fair-drops figures", () => {
  it('names the bins by their edges, the first from 0 and the last open-ended', () => {
    const bins = reactionBuckets([3, 1]);
    expect(bins.map(reactionBucketLabel)).toEqual([
      '<150 ms',
      '150–250 ms',
      '250–400 ms',
      '400–700 ms',
      '700–1000 ms',
      '≥1000 ms',
    ]);
    expect(bins.map((bin) => bin.count)).toEqual([3, 1, 0, 0, 0, 0]);
    expect(bins[0]).toEqual({ fromMs: 0, toMs: 150, count: 3 });
    expect(bins[5]).toEqual({ fromMs: 1000, toMs: null, count: 0 });
  });

  it('gives an item its top pressers most first, and its flagged members fastest first', () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    const c = '00000000-0000-4000-8000-00000000000c';
    const d = '00000000-0000-4000-8000-00000000000d';
    const of = fairDropsOf({
      pressStats: [stats(ITEM), stats(null)],
      pressMembers: [
        member(a, { presses: 3 }),
        member(b, { presses: 50, reactionMs: 61, flagged: true, buyingSuspended: true }),
        // Flagged but not among the top pressers: named only as flagged.
        member(c, { presses: 1, reactionMs: 38, flagged: true, top: false }),
        member(d, { presses: 7, reactionMs: null }),
        member(a, { showItemId: OTHER, presses: 9 }),
      ],
      draws: [],
    });
    const figures = of(ITEM);
    expect(figures.pressers.members).toBe(4);
    expect(figures.pressers.presses).toBe(61);
    expect(figures.pressers.top.map((row) => [row.member.id, row.presses])).toEqual([
      [b, 50],
      [d, 7],
      [a, 3],
    ]);
    expect(figures.flaggedMembers).toEqual([
      { member: { id: c, email: 'c@x.co', fullName: null, buyingSuspended: false }, fastestMs: 38, presses: 1 },
      { member: { id: b, email: 'b@x.co', fullName: null, buyingSuspended: true }, fastestMs: 61, presses: 50 },
    ]);
    expect(figures.reactions).toMatchObject({ timed: 3, flagged: 2, minMs: 38, p50Ms: 90, p90Ms: 480 });
    expect(figures.reactions.buckets.map((bin) => bin.count)).toEqual([2, 0, 0, 1, 0, 0]);
    expect(figures.draw).toBeNull();
    expect(flaggedMembersOfShow([stats(ITEM, { flaggedMembers: 2 }), stats(null, { flaggedMembers: 5 })])).toBe(5);
  });

  it('gives an item nobody pressed zeros, every bin, and its draw with the public record', () => {
    const drawId = '00000000-0000-4000-8000-0000000000dd';
    const figures = fairDropsOf({
      pressStats: [stats(ITEM)],
      pressMembers: [],
      draws: [{ showItemId: OTHER, id: drawId, status: 'no_winner', entries: 0, winnerEntryNumber: null }],
    })(OTHER);
    expect(figures.reactions).toEqual({
      timed: 0,
      flagged: 0,
      minMs: null,
      p10Ms: null,
      p50Ms: null,
      p90Ms: null,
      buckets: reactionBuckets([]),
    });
    expect(figures.reactions.buckets).toHaveLength(6);
    expect(figures.pressers).toEqual({ members: 0, presses: 0, top: [] });
    expect(figures.flaggedMembers).toEqual([]);
    expect(figures.draw).toEqual({
      id: drawId,
      status: 'no_winner',
      entries: 0,
      winnerEntryNumber: null,
      path: `/draws/${OTHER}`,
    });
    expect(flaggedMembersOfShow([])).toBe(0);
  });
});
