import {
  type DrawStatus,
  type ReportItem,
  type ReportMember,
  reactionBucketLabel,
  type ShowReport,
  saleModeLabels,
} from '@vault/contracts';
import { itemLabel } from './report-data';

// The report's fair drops shaped for its section: each item's reaction-time histogram and the
// sentences that carry it for a screen reader, its pressers, its draw, and the members flagged
// faster than a person across the show. Pure, so the words are tested without a browser.

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 1234 → "1,234 ms". */
export const formatMs = (ms: number) => `${ms.toLocaleString('en-US')} ms`;

export interface ReactionBar {
  label: string;
  count: number;
  /** The first bin: under the default human floor. */
  tooFast: boolean;
}

export const reactionBars = (item: ReportItem): ReactionBar[] =>
  item.reactions.buckets.map((bucket, i) => ({
    label: reactionBucketLabel(bucket),
    count: bucket.count,
    tooFast: i === 0,
  }));

/** The histogram in one sentence: how many were timed, the fastest, the median, the 90th percentile. */
export function reactionSummary(item: ReportItem): string {
  const { reactions } = item;
  if (reactions.timed === 0 || reactions.minMs === null) return 'No timed presses.';
  const figures = [
    `fastest ${formatMs(reactions.minMs)}`,
    reactions.p50Ms === null ? null : `median ${formatMs(reactions.p50Ms)}`,
    reactions.p90Ms === null ? null : `90% within ${formatMs(reactions.p90Ms)}`,
  ].filter(Boolean);
  const flagged = reactions.flagged > 0 ? `; ${plural(reactions.flagged, 'member')} faster than a person` : '';
  return `${plural(reactions.timed, 'timed reaction')}: ${figures.join(', ')}${flagged}.`;
}

/** "11 members pressed 55 times". */
export function pressersSummary(item: ReportItem): string {
  const { members, presses } = item.pressers;
  if (members === 0) return item.saleMode === 'draw' ? 'Nobody entered.' : 'Nobody pressed Buy.';
  return `${plural(members, 'member')} pressed ${plural(presses, 'time')}.`;
}

/** A member as the admin reads them: their name, or their email when no name is on file. */
export const memberName = (member: Pick<ReportMember, 'fullName' | 'email'>) => member.fullName ?? member.email;

const drawStatusText: Record<DrawStatus, string> = {
  open: 'Open',
  drawing: 'Drawing',
  drawn: 'Drawn',
  no_winner: 'No winner',
  cancelled: 'Cancelled',
};

/** "Drawn · 4 entries · winner entry #3", or null for an item with no draw. */
export function drawSummary(item: ReportItem): string | null {
  const { draw } = item;
  if (!draw) return item.saleMode === 'draw' ? 'Not drawn yet.' : null;
  const winner = draw.winnerEntryNumber === null ? null : `winner entry #${draw.winnerEntryNumber}`;
  return [drawStatusText[draw.status], plural(draw.entries, 'entry', 'entries'), winner].filter(Boolean).join(' · ');
}

/** "Draw" or "First press". */
export const saleModeText = (item: ReportItem) => saleModeLabels[item.saleMode];

/** Items with anything to say here: a press recorded, or a draw. */
export const fairDropItems = (report: ShowReport) =>
  report.items.filter((item) => item.pressers.members > 0 || item.draw !== null || item.saleMode === 'draw');

export interface FlaggedMember {
  member: ReportMember;
  /** Their fastest flagged reaction on any item. */
  fastestMs: number;
  /** "#1, #3": the items they were flagged on, in lineup order. */
  items: string[];
  presses: number;
}

/** Members flagged on any item, each once, fastest first: who an admin may suspend. */
export function flaggedMembers(report: ShowReport): FlaggedMember[] {
  const byId = new Map<string, FlaggedMember>();
  for (const item of report.items) {
    for (const flagged of item.flaggedMembers) {
      const seen = byId.get(flagged.member.id);
      if (seen) {
        seen.fastestMs = Math.min(seen.fastestMs, flagged.fastestMs);
        seen.items.push(itemLabel(item));
        seen.presses += flagged.presses;
      } else {
        byId.set(flagged.member.id, {
          member: flagged.member,
          fastestMs: flagged.fastestMs,
          items: [itemLabel(item)],
          presses: flagged.presses,
        });
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.fastestMs - b.fastestMs);
}
