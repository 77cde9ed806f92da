import { spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DRAW_RULE, type PublicDraw } from '@vault/contracts';
import { describe, expect, it } from 'vitest';

// The offline verifier of docs/fair-drops.md, run as a member would run it (node, a file or stdin)
// on draw records built here from the rule with node:crypto, never with the vault's own code: a
// true record passes and names its winner; a record with its seed, order, winner or an entry
// tampered with fails with exit code 1.

const SCRIPT = fileURLToPath(new URL('../../scripts/verify-draw.mjs', import.meta.url));
const DIR = mkdtempSync(path.join(tmpdir(), 'vault-verify-draw-'));

const score = (seed: Buffer, n: number) => createHmac('sha256', seed).update(String(n)).digest('hex');

/** A drawn record of `count` entrants: the first `declined` in the order declined, the next `skipped` passed over. */
function drawRecord(count: number, passed: { declined?: number; skipped?: number } = {}): PublicDraw {
  const seed = randomBytes(32);
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  const order = [...numbers].sort((a, b) => (score(seed, a) < score(seed, b) ? -1 : 1));
  const declined = order.slice(0, passed.declined ?? 0);
  const skipped = order.slice(declined.length, declined.length + (passed.skipped ?? 0));
  return {
    showItemId: '6f1c1d7e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
    drawId: '0b9d6a4e-1c2d-4e3f-9a8b-7c6d5e4f3a2b',
    itemTitle: 'Damascus Flipper',
    showTitle: 'Friday Night Drop',
    status: 'drawn',
    commitment: createHash('sha256').update(seed).digest('hex'),
    seed: seed.toString('hex'),
    rule: DRAW_RULE,
    openedAt: '2026-03-06T20:00:00.000Z',
    closesAt: '2026-03-06T20:00:30.000Z',
    closedAt: '2026-03-06T20:00:31.000Z',
    entries: numbers.map((n) => ({ entryNumber: n, pseudonym: `Entrant ${n.toString(16).padStart(8, '0')}` })),
    order,
    winnerEntryNumber: order[declined.length + skipped.length] ?? null,
    declinedEntryNumbers: declined,
    skippedEntryNumbers: skipped,
    entryCount: count,
  };
}

let files = 0;
/** Runs the script on the record, from a file (default) or piped to stdin. */
function verify(record: unknown, via: 'file' | 'stdin' = 'file') {
  const json = typeof record === 'string' ? record : JSON.stringify(record);
  if (via === 'stdin') return run([], json);
  files += 1;
  const file = path.join(DIR, `draw-${files}.json`);
  writeFileSync(file, json);
  return run([file]);
}

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { input, encoding: 'utf8', timeout: 15_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('the offline draw verifier (scripts/verify-draw.mjs)', () => {
  it('verifies a true draw of 300 entrants and names the winner the rule gives, from a file and from stdin', () => {
    const record = drawRecord(300, { declined: 2, skipped: 1 });
    const winner = record.order[3];
    expect(winner).toBeDefined();
    for (const via of ['file', 'stdin'] as const) {
      const { code, out } = verify(record, via);
      expect(out).toContain(`ok   SHA-256(seed) is the commitment published at the reveal: ${record.commitment}`);
      expect(out).toContain('ok   300 entries, numbered 1…300');
      expect(out).toContain(`the winner is #${winner} (Entrant `);
      expect(out).toContain('after 3 passed over (declined: 2, could not buy: 1)');
      expect(out).toContain('VERIFIED');
      expect(code).toBe(0);
    }
  });

  it('verifies a draw with no winner and one nobody entered', () => {
    const allDeclined = { ...drawRecord(3, { declined: 3 }), status: 'no_winner' as const };
    expect(allDeclined.winnerEntryNumber).toBeNull();
    expect(verify(allDeclined).code).toBe(0);
    const empty = { ...drawRecord(0), status: 'no_winner' as const };
    const { code, out } = verify(empty);
    expect(out).toContain('no winner: nobody entered');
    expect(code).toBe(0);
  });

  it('fails a seed that is not the one committed to', () => {
    const record = drawRecord(50);
    const { code, out } = verify({ ...record, seed: randomBytes(32).toString('hex') });
    expect(out).toContain(`not the published commitment ${record.commitment}`);
    expect(out).toContain('NOT VERIFIED');
    expect(code).toBe(1);
  });

  it('fails a seed swapped together with its commitment, since the order no longer follows', () => {
    const record = drawRecord(50);
    const other = randomBytes(32);
    const swapped = {
      ...record,
      seed: other.toString('hex'),
      commitment: createHash('sha256').update(other).digest('hex'),
    };
    const { code, out } = verify(swapped);
    expect(out).toMatch(/the published order differs at position \d+/);
    expect(code).toBe(1);
  });

  it('fails an order with two entrants swapped', () => {
    const record = drawRecord(50);
    const [first = 0, second = 0, ...rest] = record.order;
    const { code, out } = verify({ ...record, order: [second, first, ...rest], winnerEntryNumber: second });
    expect(out).toContain(
      `the published order differs at position 1: #${second} is published where the rule puts #${first}`,
    );
    expect(code).toBe(1);
  });

  it('fails a winner other than the first in the order, and one passed over who was not first', () => {
    const record = drawRecord(50);
    const [first, second] = record.order;
    const wrongWinner = verify({ ...record, winnerEntryNumber: second });
    expect(wrongWinner.out).toContain(
      `entry #${second} is published as the winner, but the rule names entry #${first}`,
    );
    expect(wrongWinner.code).toBe(1);
    // Calling the second entrant declined to hand the item to the first is caught too.
    const wrongPassed = verify({ ...record, declinedEntryNumbers: [second] });
    expect(wrongPassed.out).toContain('passed over before the winner are not the first in the order');
    expect(wrongPassed.code).toBe(1);
  });

  it('fails a record with an entrant left out, though the order is recomputed from what is listed', () => {
    const record = drawRecord(20);
    const dropped = record.order[0] === 7 ? 8 : 7;
    const entries = record.entries.filter((entry) => entry.entryNumber !== dropped);
    const order = record.order.filter((n) => n !== dropped);
    const { code, out } = verify({ ...record, entries, order, entryCount: 19 });
    expect(out).toContain(`missing #${dropped}`);
    expect(code).toBe(1);
  });

  it('fails a record that states another rule', () => {
    const { code, out } = verify({ ...drawRecord(5), rule: 'Entries are ordered by score, highest first.' });
    expect(out).toContain('a rule other than the one this script applies');
    expect(code).toBe(1);
  });

  it('checks a draw cancelled before its window closed against its commitment only', () => {
    const record = drawRecord(4);
    const cancelled = { ...record, status: 'cancelled' as const, order: [], winnerEntryNumber: null };
    const { code, out } = verify(cancelled);
    expect(out).toContain('cancelled before its window closed');
    expect(code).toBe(0);
  });

  it('has nothing to check while the seed is secret, and refuses what is not a draw record', () => {
    const open = { ...drawRecord(0), status: 'open', seed: null, order: [], winnerEntryNumber: null, entryCount: null };
    const pending = verify(open);
    expect(pending.out).toContain('NOTHING TO CHECK YET');
    expect(pending.code).toBe(1);
    const notJson = verify('<html>Too Many Requests</html>');
    expect(notJson.err).toContain('the input is not JSON');
    expect(notJson.code).toBe(1);
    const notARecord = verify({ message: 'No draw found for this item', code: 'not_found' });
    expect(notARecord.err).toContain('verify-draw:');
    expect(notARecord.code).toBe(1);
  });
});
