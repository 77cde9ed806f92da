#!/usr/bin/env node
// Checks a draw's public record offline, trusting nothing of the vault's but the numbers it
// published (docs/fair-drops.md, "Checking a draw yourself"). Plain Node (node:crypto), no
// dependency, so anyone can read it in a few minutes before running it.
//
//   curl -s https://vault.example/api/draws/<showItemId> | node scripts/verify-draw.mjs
//   node scripts/verify-draw.mjs draw.json
//
// Exit code 0: the record is verified. 1: it is not (every problem is printed), there is nothing
// to check yet (the seed is published once the draw is over), or the input is not a draw record.

import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The rule as the record states it (DRAW_RULE in packages/contracts/src/draws.ts): what this script applies. */
const RULE =
  'Each entry number n (written in decimal, e.g. "17") is scored HMAC-SHA256(key = the seed\'s 32 bytes, message = n). ' +
  'Entries are ordered by score, lowest first, comparing the 64-character lowercase hex digests as text. ' +
  'The first in that order wins; if their card is declined, the next is charged, and so on. ' +
  "The commitment published at the reveal is SHA-256 of the seed's 32 bytes.";

const HEX_64 = /^[0-9a-f]{64}$/;
const isEntryNumber = (n) => Number.isSafeInteger(n) && n > 0;
const numbers = (value) => (Array.isArray(value) && value.every(isEntryNumber) ? value : null);

/** SHA-256 of the seed's 32 bytes (not of its 64 hex characters), lowercase hex. */
const commitmentOf = (seed) => createHash('sha256').update(seed).digest('hex');

/** HMAC-SHA256 keyed by the seed's bytes over the entry number in decimal ASCII, lowercase hex. */
const scoreOf = (seed, n) => createHmac('sha256', seed).update(String(n), 'ascii').digest('hex');

/** The entry numbers by score, lowest first; equal scores (never seen) by entry number. */
function drawOrder(seed, entryNumbers) {
  return entryNumbers
    .map((n) => ({ n, score: scoreOf(seed, n) }))
    .sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : a.n - b.n))
    .map((scored) => scored.n);
}

function readInput(argv) {
  const file = argv[2];
  if (argv.length > 3 || file === '-h' || file === '--help') {
    throw new Error('usage: node scripts/verify-draw.mjs [draw.json]   (without a file, the JSON is read from stdin)');
  }
  // File descriptor 0 is stdin: `curl … | node scripts/verify-draw.mjs` works as well as a file.
  const text = readFileSync(file === undefined || file === '-' ? 0 : file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('the input is not JSON: give the body of GET /api/draws/<showItemId>');
  }
}

/** The record's fields this check reads, or the reason it cannot be read as a draw record. */
function parseRecord(record) {
  if (typeof record !== 'object' || record === null) return { error: 'the input is not a draw record' };
  const entries = Array.isArray(record.entries) ? record.entries : null;
  const entryNumbers = entries?.map((entry) => entry?.entryNumber);
  const order = numbers(record.order);
  const declined = numbers(record.declinedEntryNumbers ?? []);
  const skipped = numbers(record.skippedEntryNumbers ?? []);
  const winner = record.winnerEntryNumber ?? null;
  if (typeof record.commitment !== 'string') return { error: 'the record has no commitment' };
  if (!entryNumbers || !numbers(entryNumbers)) return { error: 'entries must be a list of { entryNumber, pseudonym }' };
  if (!order) return { error: 'order must be a list of entry numbers' };
  if (!declined || !skipped) return { error: 'declinedEntryNumbers and skippedEntryNumbers must list entry numbers' };
  if (winner !== null && !isEntryNumber(winner)) return { error: 'winnerEntryNumber must be an entry number or null' };
  const pseudonyms = new Map(entries.map((entry) => [entry.entryNumber, String(entry.pseudonym ?? '')]));
  return {
    status: typeof record.status === 'string' ? record.status : null,
    commitment: record.commitment,
    seed: record.seed ?? null,
    rule: record.rule,
    entryNumbers,
    entryCount: record.entryCount ?? null,
    order,
    declined,
    skipped,
    winner,
    name: (n) => (pseudonyms.get(n) ? `#${n} (${pseudonyms.get(n)})` : `#${n}`),
  };
}

/** Numbering and counting: one counter gave out 1, 2, 3…, so the entries are exactly 1…N. */
function entryProblems(draw) {
  const problems = [];
  const distinct = new Set(draw.entryNumbers);
  if (distinct.size !== draw.entryNumbers.length) problems.push('an entry number is listed more than once');
  const missing = [];
  for (let n = 1; n <= distinct.size && missing.length < 5; n++) if (!distinct.has(n)) missing.push(n);
  if (missing.length > 0) {
    problems.push(
      `the entry numbers do not run 1…${distinct.size} without a gap (missing ${missing.map((n) => `#${n}`).join(', ')}): an entry was left out of the record`,
    );
  }
  if (draw.entryCount !== null && draw.entryCount !== draw.entryNumbers.length) {
    problems.push(`the record counts ${draw.entryCount} entries but lists ${draw.entryNumbers.length}`);
  }
  return problems;
}

/**
 * The outcome the order implies: the entrants passed over (declined, or unable to buy when their
 * turn came) are the first in the order, each list in the order's sequence; the winner is the next.
 */
function outcomeProblems(draw, order) {
  const problems = [];
  const passed = [...draw.declined, ...draw.skipped];
  const place = new Map(order.map((n, i) => [n, i]));
  const inOrder = (list) => list.every((n, i) => i === 0 || (place.get(n) ?? -1) > (place.get(list[i - 1]) ?? -1));
  const ahead = new Set(order.slice(0, passed.length));
  if (
    new Set(passed).size !== passed.length ||
    !passed.every((n) => ahead.has(n)) ||
    !inOrder(draw.declined) ||
    !inOrder(draw.skipped)
  ) {
    problems.push('the entrants published as passed over before the winner are not the first in the order');
  }
  const next = order[passed.length] ?? null;
  if (draw.winner !== null && draw.winner !== next) {
    problems.push(
      next === null
        ? `entry #${draw.winner} is published as the winner, but nobody is left in the order after those passed over`
        : `entry #${draw.winner} is published as the winner, but the rule names entry #${next}`,
    );
  }
  if (draw.status === 'drawn' && draw.winner === null) problems.push('the draw is marked drawn but names no winner');
  if (draw.status === 'no_winner' && (draw.winner !== null || passed.length !== order.length)) {
    problems.push('the draw is marked as having no winner, yet not every entrant in the order was passed over');
  }
  return problems;
}

/** Every check, printed as it goes; the list of problems (empty: verified). */
function check(draw, print) {
  const problems = [];
  if (!HEX_64.test(draw.seed)) return ['the seed is not 32 bytes written as 64 lowercase hex digits'];
  if (!HEX_64.test(draw.commitment)) problems.push('the commitment is not 64 lowercase hex digits');
  if (draw.rule !== undefined && draw.rule !== RULE)
    problems.push('the record states a rule other than the one this script applies');
  const seed = Buffer.from(draw.seed, 'hex');

  const commitment = commitmentOf(seed);
  if (commitment === draw.commitment)
    print(`ok   SHA-256(seed) is the commitment published at the reveal: ${commitment}`);
  else problems.push(`SHA-256(seed) is ${commitment}, not the published commitment ${draw.commitment}`);

  const numbering = entryProblems(draw);
  problems.push(...numbering);
  if (numbering.length === 0) print(`ok   ${draw.entryNumbers.length} entries, numbered 1…${draw.entryNumbers.length}`);

  // A draw cancelled while its window was open (a reset) drew no order: the seed is all there is to check.
  if (draw.status === 'cancelled' && draw.order.length === 0) {
    print('     cancelled before its window closed: no order was drawn and nobody was charged');
    return problems;
  }

  const order = drawOrder(seed, draw.entryNumbers);
  const at = order.findIndex((n, i) => draw.order[i] !== n);
  if (order.length !== draw.order.length) {
    problems.push(`the published order has ${draw.order.length} entries; the seed orders ${order.length}`);
  } else if (at !== -1) {
    problems.push(
      `the published order differs at position ${at + 1}: #${draw.order[at]} is published where the rule puts #${order[at]}`,
    );
  } else {
    const head = order.slice(0, 5).map(draw.name).join(', ');
    print(`ok   the order recomputed from the seed is the published order: ${head}${order.length > 5 ? ', …' : ''}`);
  }

  const outcome = outcomeProblems(draw, order);
  problems.push(...outcome);
  if (outcome.length === 0) {
    const passed = draw.declined.length + draw.skipped.length;
    const place =
      passed === 0
        ? 'the first in the order'
        : `the next in the order after ${passed} passed over (declined: ${draw.declined.length}, could not buy: ${draw.skipped.length})`;
    if (draw.winner !== null) print(`ok   the winner is ${draw.name(draw.winner)}, ${place}`);
    else
      print(`ok   no winner: ${order.length === 0 ? 'nobody entered' : 'every entrant in the order was passed over'}`);
  }
  return problems;
}

function main() {
  let record;
  try {
    record = readInput(process.argv);
  } catch (error) {
    console.error(`verify-draw: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const draw = parseRecord(record);
  if ('error' in draw) {
    console.error(`verify-draw: ${draw.error}`);
    return 1;
  }
  if (draw.seed === null) {
    console.log(
      `NOTHING TO CHECK YET: the draw is ${draw.status ?? 'not over'}; its seed is published once it is over.`,
    );
    console.log(`The commitment to check it against then: ${draw.commitment}`);
    return 1;
  }
  const problems = check(draw, (line) => console.log(line));
  if (problems.length > 0) {
    console.log(`NOT VERIFIED: ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}`);
    for (const problem of problems) console.log(`  - ${problem}`);
    return 1;
  }
  console.log('VERIFIED: the seed matches its commitment, and the rule gives the published order and outcome.');
  return 0;
}

process.exitCode = main();
