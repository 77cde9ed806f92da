// bench:draw's check of a draw after its close, as a stranger would make it: what the database
// charged, the entry numbers the entrants were acknowledged with, and the public record (its count,
// its seed against the commitment shown at the reveal, its winner).

import { createHash } from 'node:crypto';
import { PublicDraw, SocketBuyAck } from '@vault/contracts';
import type { DatabaseHandle } from '@vault/db';
import { apiClient } from './bench-app';
import type { Answer } from './buy-client';
import { salesOf } from './scaled-stack';

/** The entry numbers among these acknowledgements for this draw (any other answer gives none). */
function entryNumbers(answers: readonly Answer[], drawId: string): number[] {
  return answers.flatMap((answer) => {
    const ack = answer.kind === 'socket' ? SocketBuyAck.safeParse(answer.ack) : null;
    if (ack?.success && ack.data.ok && 'entered' in ack.data && ack.data.entered.drawId === drawId)
      return [ack.data.entered.entryNumber];
    return [];
  });
}

/** The answers that were not an entry, by status and code with their message: `503 service_unavailable × 12 (…)`. */
export function refusalsOf(answers: readonly Answer[]): string[] {
  const counts = new Map<string, number>();
  const describe = (answer: Answer): string | null => {
    const ack = answer.kind === 'socket' ? SocketBuyAck.safeParse(answer.ack) : null;
    if (!ack?.success) return 'an unreadable answer';
    if (!ack.data.ok) return `${ack.data.status} ${ack.data.code} (${ack.data.message})`;
    return 'entered' in ack.data ? null : 'a purchase, not an entry';
  };
  for (const answer of answers) {
    const what = describe(answer);
    if (what !== null) counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${what} × ${n}`);
}

/** Each check by name, and the public record it read. */
export async function checkDraw(args: {
  handle: DatabaseHandle;
  base: string;
  itemId: string;
  draw: { id: string; commitment: string };
  entrants: number;
  answers: readonly Answer[];
}) {
  const { entrants, draw } = args;
  const db = await salesOf(args.handle, args.itemId);
  const record = PublicDraw.parse(await apiClient(args.base)(`/api/draws/${args.itemId}`));
  const numbers = entryNumbers(args.answers, draw.id);
  const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
  const checks: Record<string, boolean> = {
    'one purchase, one authorisation': db.purchases === 1 && db.auths === 1,
    [`${entrants} distinct entry numbers in 1..${entrants}`]:
      new Set(numbers).size === entrants && numbers.every((n) => n >= 1 && n <= entrants),
    'the record counts every entrant': record.drawId === draw.id && record.entryCount === entrants,
    'its seed hashes to the commitment shown at the reveal':
      record.seed !== null && sha256(record.seed) === draw.commitment,
    'drawn, with a winner': record.status === 'drawn' && record.winnerEntryNumber !== null,
  };
  return { failed: Object.keys(checks).filter((what) => !checks[what]), record };
}
