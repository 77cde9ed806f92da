import { EventEmitter } from 'node:events';
import { todayIso } from '@vault/contracts';
import type { Db } from '../core/db';
import { type Decision, decide, type ItemFacts, type MemberFacts, type RuleFacts } from './decide';
import { attestationLabels, loadMemberFacts, rulesInForce } from './judge.repository';

/** Members whose facts one replica holds before it starts over (a member is ~200 bytes). */
const MEMBER_LIMIT = 200_000;

export interface JudgeDeps {
  db: Db;
  minimumAge: number;
  shipFromState: string;
  now(): number;
}

/**
 * Who may buy what, from memory: the rules in force and each member's facts are loaded once and
 * held until the bus says they changed (plugin.ts), so the Buy path and the state poll judge a
 * member with no query once their facts are here. A member's facts are loaded on their first view
 * or socket (one query) — in practice before they can press Buy.
 *
 * Emits 'rules' after the rules were reloaded and 'member' (userId) after a member's facts were
 * dropped, so the live socket can send the new verdicts.
 */
export function createJudge(deps: JudgeDeps) {
  const events = new EventEmitter();
  let rules: readonly RuleFacts[] = [];
  let labels = new Map<string, string>();
  let reloads = 0;
  const members = new Map<string, MemberFacts>();
  /** Loads in flight, so a burst of first views of one member costs one query. */
  const loading = new Map<string, Promise<MemberFacts | undefined>>();
  /** Bumped when a member's facts are dropped: a load that began before must not store old facts. */
  const generations = new Map<string, number>();

  const context = () => ({
    rules,
    minimumAge: deps.minimumAge,
    shipFromState: deps.shipFromState,
    today: todayIso(deps.now()),
    attestationLabel: (code: string) => labels.get(code) ?? code,
  });

  function load(userId: string): Promise<MemberFacts | undefined> {
    const running = loading.get(userId);
    if (running) return running;
    const generation = generations.get(userId) ?? 0;
    const started = loadMemberFacts(deps.db, userId)
      .then((facts) => {
        if (facts && (generations.get(userId) ?? 0) === generation) {
          if (members.size >= MEMBER_LIMIT) members.clear();
          members.set(userId, facts);
        }
        return facts;
      })
      .finally(() => loading.delete(userId));
    loading.set(userId, started);
    return started;
  }

  /** A member with no row (deleted mid-session) is refused like one without an address. */
  const NO_MEMBER: MemberFacts = { dateOfBirth: null, state: null, city: null, zip: null, attestations: new Set() };

  return {
    events,
    /** The rules in force on this replica (as last loaded). */
    rules: (): readonly RuleFacts[] => rules,
    async reloadRules(): Promise<void> {
      // Changes in a burst start overlapping reloads: only the latest one started may apply, or an
      // older read finishing last would leave this replica on a stale rule set.
      reloads += 1;
      const mine = reloads;
      const [loaded, loadedLabels] = await Promise.all([rulesInForce(deps.db), attestationLabels(deps.db)]);
      if (mine !== reloads) return;
      rules = loaded;
      labels = loadedLabels;
      events.emit('rules');
    },
    /** Drops what this replica holds of a member: their next view or press reads them afresh. */
    forget(userId: string): void {
      members.delete(userId);
      loading.delete(userId);
      generations.set(userId, (generations.get(userId) ?? 0) + 1);
      events.emit('member', userId);
    },
    /** After a lost bus link: anything may have changed meanwhile. */
    forgetEveryone(): void {
      members.clear();
      loading.clear();
      generations.clear();
    },
    /** The verdict from memory, or undefined while the member's facts are not here yet. */
    judgeHeld(userId: string, item: ItemFacts): Decision | undefined {
      const member = members.get(userId);
      return member ? decide(item, member, context()) : undefined;
    },
    /** The verdict, loading the member's facts first if this replica does not hold them. */
    judge(userId: string, item: ItemFacts): Decision | Promise<Decision> {
      const member = members.get(userId);
      if (member) return decide(item, member, context());
      return load(userId).then((facts) => decide(item, facts ?? NO_MEMBER, context()));
    },
    /** Verdicts for several items at once (a lineup), loading the member first if needed. */
    async judgeAll(userId: string, items: readonly (ItemFacts & { id: string })[]): Promise<Map<string, Decision>> {
      const member = members.get(userId) ?? (await load(userId)) ?? NO_MEMBER;
      const ctx = context();
      return new Map(items.map((item) => [item.id, decide(item, member, ctx)]));
    },
    /** Loads a member's facts ahead of their first press (their socket connected, say). */
    warm(userId: string): Promise<unknown> {
      return members.has(userId) ? Promise.resolve() : load(userId);
    },
  };
}

export type Judge = ReturnType<typeof createJudge>;
