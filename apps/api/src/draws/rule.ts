import { createHash, createHmac } from 'node:crypto';

// THE DRAW RULE (contracts DRAW_RULE says it in words): what orders a draw's entries, written once.
// The public page and the docs' script apply the same rule on their own; nothing here is secret
// but the seed, and that is published when the window closes.

/** SHA-256 of the seed's 32 bytes, lowercase hex: the commitment published at the reveal. */
export function commitmentOf(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/** HMAC-SHA256(key = the seed's bytes, message = the entry number in decimal), lowercase hex. */
export function scoreOf(seed: Buffer, entryNumber: number): string {
  return createHmac('sha256', seed).update(String(entryNumber), 'ascii').digest('hex');
}

/**
 * The entry numbers in the drawn order: by score, lowest first (the hex digests compared as text,
 * which for equal-length lowercase hex is their numeric order), ties by entry number. The first is
 * charged first; on a decline, the next.
 */
export function drawOrder(seedHex: string, entryNumbers: readonly number[]): number[] {
  const seed = Buffer.from(seedHex, 'hex');
  return entryNumbers
    .map((entryNumber) => ({ entryNumber, score: scoreOf(seed, entryNumber) }))
    .sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : a.entryNumber - b.entryNumber))
    .map((scored) => scored.entryNumber);
}

/**
 * A name for one entrant in one draw: never their email or id, and not the same across draws (the
 * draw's id is in the message), so the public records cannot be joined into a member's history.
 * Keyed with a secret of the server's, so nobody can test a guessed member id against it.
 */
export function pseudonymMaker(serverSecret: string): (drawId: string, userId: string) => string {
  // A key of its own, derived from the secret: the session secret's other uses never see these MACs.
  const key = createHmac('sha256', serverSecret).update('vault draw pseudonyms').digest();
  return (drawId, userId) =>
    `Entrant ${createHmac('sha256', key).update(`${drawId}:${userId}`).digest('hex').slice(0, 8)}`;
}
