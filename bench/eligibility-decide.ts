// What one eligibility decision costs on its own: decide() (apps/api/src/eligibility/decide.ts,
// pure, in memory) for a bench member and knife under the bench's 40 rules and under none, and the
// same with the day computed per call as the judge does (judge.ts context()). bench:eligibility runs
// it before its race; `tsx bench/eligibility-decide.ts` runs it alone.

import { randomUUID } from 'node:crypto';
import { todayIso } from '@vault/contracts';
import { type DecideContext, decide, type MemberFacts, type RuleFacts } from '../apps/api/src/eligibility/decide';
import { BENCH_KNIFE, BENCH_MEMBER, BENCH_RULES, EXPECTED_WINNERS, parsedRule } from './eligibility-rules';

/** Calls per timed batch, and batches: the median batch is the figure (a GC pause lands in one batch). */
const BATCH = 20_000;
const BATCHES = 25;
const WARM_UP_CALLS = 200_000;

export interface DecideCost {
  /** µs per decide() with the 40 rules (the bench's member and knife: allowed, three winning rules). */
  withRules: number;
  /** µs per decide() with the 40 rules and the day computed per call, as the judge asks it. */
  withRulesAndDay: number;
  /** µs per decide() with no rules (only the built-in checks). */
  noRules: number;
  rules: number;
}

/** The bench's rules as the judge holds them (judge.repository.ts rulesInForce), under fresh ids. */
export function benchRuleFacts(): { rules: RuleFacts[]; idOf: Map<string, string> } {
  const idOf = new Map<string, string>();
  const rules = BENCH_RULES.map(({ key, body }) => {
    const input = parsedRule(body);
    const id = randomUUID();
    idOf.set(key, id);
    return {
      id,
      version: 1,
      legalClass: input.legalClass,
      state: input.state,
      city: input.city,
      zipPrefix: input.zipPrefix,
      effectiveFrom: input.effectiveFrom,
      effectiveTo: input.effectiveTo,
      effect: input.effect,
      value: input.value,
      attestations: input.attestations,
    };
  });
  return { rules, idOf };
}

const member: MemberFacts = { ...BENCH_MEMBER, attestations: new Set<string>() };
const item = { ...BENCH_KNIFE };

function context(rules: readonly RuleFacts[], today = todayIso()): DecideContext {
  return { rules, minimumAge: 18, shipFromState: 'TX', today, attestationLabel: (code) => code };
}

/** µs per call of `run`, the median of BATCHES batches after a warm-up. */
function perCall(run: () => boolean): number {
  let sink = 0;
  for (let i = 0; i < WARM_UP_CALLS; i++) sink += run() ? 1 : 0;
  const batches: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const started = performance.now();
    for (let i = 0; i < BATCH; i++) sink += run() ? 1 : 0;
    batches.push(((performance.now() - started) * 1000) / BATCH);
  }
  // Every call must have allowed the sale: a refusal would be a different (shorter) path.
  if (sink !== WARM_UP_CALLS + BATCH * BATCHES) throw new Error('decide() refused the bench member');
  batches.sort((a, b) => a - b);
  return batches[Math.floor(batches.length / 2)] ?? Number.NaN;
}

export function measureDecide(): DecideCost {
  const { rules, idOf } = benchRuleFacts();
  const held = context(rules);
  const verdict = decide(item, member, held);
  if (!verdict.ok) throw new Error(`the bench rules refuse the bench member: ${verdict.reason}`);
  const expected = Object.values(EXPECTED_WINNERS).map((key) => idOf.get(key));
  const won = verdict.basis.rules.map((r) => r.id);
  if (won.join() !== expected.join())
    throw new Error(`unexpected winning rules: ${won.join()} (want ${expected.join()})`);
  const none = context([]);
  return {
    withRules: perCall(() => decide(item, member, held).ok),
    withRulesAndDay: perCall(() => decide(item, member, context(rules, todayIso(Date.now()))).ok),
    noRules: perCall(() => decide(item, member, none).ok),
    rules: rules.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cost = measureDecide();
  console.log(
    `decide(): ${cost.withRules.toFixed(2)} µs with ${cost.rules} rules, ${cost.withRulesAndDay.toFixed(2)} µs with the day computed per call, ${cost.noRules.toFixed(2)} µs with none`,
  );
}
