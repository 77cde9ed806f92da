import {
  REACTION_BUCKET_EDGES_MS,
  type ReportDraw,
  type ReportFlaggedMember,
  type ReportMember,
  type ReportPressers,
  type ReportReactions,
} from '@vault/contracts';
import type { PressMemberRow, PressStatsRow, ReportDrawRow } from './fair-drops.repository';

// Fair drops in the report, per item: how fast its presses came, who pressed how often, who was
// faster than a person, and its draw. Pure: the rows of the whole show in, one item's figures out.

export interface FairDropsInput {
  pressStats: PressStatsRow[];
  pressMembers: PressMemberRow[];
  draws: ReportDrawRow[];
}

export interface ItemFairDrops {
  reactions: ReportReactions;
  pressers: ReportPressers;
  flaggedMembers: ReportFlaggedMember[];
  draw: ReportDraw | null;
}

/** The histogram's bins with their edges: [0, 150), [150, 250), … [1000, ∞). */
export function reactionBuckets(counts: readonly number[]): ReportReactions['buckets'] {
  const froms = [0, ...REACTION_BUCKET_EDGES_MS];
  return froms.map((fromMs, i) => ({
    fromMs,
    toMs: REACTION_BUCKET_EDGES_MS[i] ?? null,
    count: counts[i] ?? 0,
  }));
}

const NO_REACTIONS: ReportReactions = {
  timed: 0,
  flagged: 0,
  minMs: null,
  p10Ms: null,
  p50Ms: null,
  p90Ms: null,
  buckets: reactionBuckets([]),
};

const memberOf = (row: PressMemberRow): ReportMember => ({
  id: row.userId,
  email: row.email,
  fullName: row.fullName,
  buyingSuspended: row.buyingSuspended,
});

/** The draw's public record, as the web's router and the CSV name it. */
export const publicDrawPath = (showItemId: string) => `/draws/${showItemId}`;

/** Indexes the show's rows by item once; each item's figures are then a lookup. */
export function fairDropsOf(input: FairDropsInput): (showItemId: string) => ItemFairDrops {
  const stats = new Map(input.pressStats.map((row) => [row.showItemId, row]));
  const draws = new Map(input.draws.map((row) => [row.showItemId, row]));
  const members = new Map<string, PressMemberRow[]>();
  for (const row of input.pressMembers) {
    const list = members.get(row.showItemId);
    if (list) list.push(row);
    else members.set(row.showItemId, [row]);
  }

  return (showItemId) => {
    const stat = stats.get(showItemId);
    const named = members.get(showItemId) ?? [];
    const draw = draws.get(showItemId);
    return {
      reactions: stat
        ? {
            timed: stat.timed,
            flagged: stat.flagged,
            minMs: stat.minMs,
            p10Ms: stat.p10Ms,
            p50Ms: stat.p50Ms,
            p90Ms: stat.p90Ms,
            buckets: reactionBuckets(stat.buckets),
          }
        : NO_REACTIONS,
      pressers: {
        members: stat?.members ?? 0,
        presses: stat?.presses ?? 0,
        top: named
          .filter((row) => row.top)
          .sort((a, b) => b.presses - a.presses)
          .map((row) => ({ member: memberOf(row), presses: row.presses })),
      },
      flaggedMembers: named
        .filter((row): row is PressMemberRow & { reactionMs: number } => row.flagged && row.reactionMs !== null)
        .sort((a, b) => a.reactionMs - b.reactionMs)
        .map((row) => ({ member: memberOf(row), fastestMs: row.reactionMs, presses: row.presses })),
      draw: draw
        ? {
            id: draw.id,
            status: draw.status,
            entries: draw.entries,
            winnerEntryNumber: draw.winnerEntryNumber,
            path: publicDrawPath(showItemId),
          }
        : null,
    };
  };
}

/** Members flagged on any item of the show, each once (the show's row of the press stats). */
export const flaggedMembersOfShow = (rows: PressStatsRow[]): number =>
  rows.find((row) => row.showItemId === null)?.flaggedMembers ?? 0;
