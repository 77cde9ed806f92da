import { DRAW_RULE, type PublicDraw } from '@vault/contracts';

// The draw's public record checked where the reader is, with the browser's own WebCrypto: nothing
// of ours is trusted but the published numbers. The rule is DRAW_RULE, applied from its words.

const HEX_64 = /^[0-9a-f]{64}$/;

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

const ascii = new TextEncoder();

/** SHA-256 of the seed's 32 bytes (not of its hex text), as lowercase hex: the commitment. */
export async function commitmentOf(subtle: SubtleCrypto, seedHex: string): Promise<string> {
  return toHex(await subtle.digest('SHA-256', hexToBytes(seedHex)));
}

/**
 * The entry numbers in the order the seed gives them: each scored HMAC-SHA256(key = the seed's
 * bytes, message = the number in decimal ASCII), lowest hex score first, equal scores (which never
 * happen in practice) by entry number.
 */
export async function drawOrder(subtle: SubtleCrypto, seedHex: string, entryNumbers: readonly number[]) {
  const key = await subtle.importKey('raw', hexToBytes(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const scored = await Promise.all(
    entryNumbers.map(async (n) => ({ n, score: toHex(await subtle.sign('HMAC', key, ascii.encode(String(n)))) })),
  );
  scored.sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : a.n - b.n));
  return scored.map((s) => s.n);
}

export type Verification =
  /** The window is open (or the draw was cancelled before it closed): there is no seed to check yet. */
  | { state: 'pending' }
  /** This browser offers no WebCrypto here (a page served over plain http, an old browser). */
  | { state: 'unsupported' }
  | { state: 'verified'; entrants: number; winnerEntryNumber: number | null }
  | { state: 'failed'; problems: string[] };

const firstDifference = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
};

/** Whether `part` lists its entries in the order `order` puts them. */
const inOrderOf = (part: readonly number[], order: readonly number[]) => {
  const place = new Map(order.map((n, i) => [n, i]));
  return part.every((n, i) => i === 0 || (place.get(n) ?? -1) > (place.get(part[i - 1] ?? 0) ?? -1));
};

/**
 * What the published outcome must be, given the order: the entrants passed over (declined, or no
 * longer able to buy when their turn came) are the first in it, each list in its order; then the
 * winner; with no winner, everyone was passed over.
 */
function outcomeProblems(draw: PublicDraw, order: readonly number[]): string[] {
  const problems: string[] = [];
  const declined = draw.declinedEntryNumbers;
  const skipped = draw.skippedEntryNumbers;
  const passed = new Set([...declined, ...skipped]);
  const ahead = order.slice(0, passed.size);
  if (
    passed.size !== declined.length + skipped.length ||
    ahead.length !== passed.size ||
    !ahead.every((n) => passed.has(n)) ||
    !inOrderOf(declined, order) ||
    !inOrderOf(skipped, order)
  ) {
    problems.push('The entrants passed over before the winner are not the first entrants in the order.');
  }
  const next = order[passed.size] ?? null;
  const winner = draw.winnerEntryNumber;
  if (winner !== null && winner !== next) {
    problems.push(
      next === null
        ? `Entry #${winner} is published as the winner, but nobody is left in the order after the entrants passed over.`
        : `Entry #${winner} is published as the winner, but the next in the order after the entrants passed over is entry #${next}.`,
    );
  }
  if (draw.status === 'drawn' && winner === null) problems.push('The draw is marked drawn but names no winner.');
  if (draw.status === 'no_winner' && (winner !== null || passed.size !== order.length)) {
    problems.push('The draw is marked as having no winner, yet not every entrant in the order was passed over.');
  }
  return problems;
}

/**
 * Checks a published draw: the seed is 32 bytes, its SHA-256 is the commitment published at the
 * reveal, the order recomputed from the seed and the entry numbers is the published order, and the
 * published outcome (the entrants passed over, then the winner) follows it. Every problem found is named.
 */
export async function verifyDraw(
  draw: PublicDraw,
  // Absent outside a secure context (a page served over plain http): the page then says it cannot check.
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<Verification> {
  if (draw.seed === null) return { state: 'pending' };
  if (!subtle) return { state: 'unsupported' };
  const seed = draw.seed;
  if (!HEX_64.test(seed)) {
    return { state: 'failed', problems: ['The published seed is not 32 bytes written as 64 lowercase hex digits.'] };
  }
  const problems: string[] = [];
  if (draw.rule !== DRAW_RULE) problems.push('The published rule is not the rule this page checks.');
  const commitment = await commitmentOf(subtle, seed);
  if (commitment !== draw.commitment) {
    problems.push(`The seed's SHA-256 is ${commitment}, not the commitment published at the reveal.`);
  }
  // A draw cancelled by a reset drew nobody: there is no order to check, only that its seed was the
  // one committed to at the reveal.
  if (draw.status === 'cancelled') {
    return problems.length > 0
      ? { state: 'failed', problems }
      : { state: 'verified', entrants: 0, winnerEntryNumber: null };
  }
  const numbers = draw.entries.map((e) => e.entryNumber);
  if (new Set(numbers).size !== numbers.length) problems.push('An entry number is listed more than once.');
  if (draw.entryCount !== null && draw.entryCount !== numbers.length) {
    problems.push(`The record counts ${draw.entryCount} entries but lists ${numbers.length}.`);
  }
  const order = await drawOrder(subtle, seed, numbers);
  const at = firstDifference(order, draw.order);
  if (at !== -1) {
    problems.push(
      order.length !== draw.order.length
        ? `The published order has ${draw.order.length} entries; the seed orders ${order.length}.`
        : `The published order differs from the seed's at position ${at + 1}: entry #${draw.order[at]} is published where the seed puts entry #${order[at]}.`,
    );
  }
  problems.push(...outcomeProblems(draw, order));
  return problems.length > 0
    ? { state: 'failed', problems }
    : { state: 'verified', entrants: numbers.length, winnerEntryNumber: draw.winnerEntryNumber };
}
