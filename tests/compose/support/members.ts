import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER, type ShowStateView } from '@vault/contracts';
import type { SeededMember } from '@vault/testing';
import { type WatchingSocket, watchThroughProxy } from '../../../apps/api/test/support/through-proxy';

/** One answer a member got through the proxy (or the error they got instead). */
export interface Answer {
  at: number;
  ms: number;
  what: 'state' | 'buy';
  status: number;
  /** The app's error code, when it answered JSON with one. */
  code: string | null;
  /** HAProxy's own answer (an HTML error page), not a replica's. */
  fromProxy: boolean;
  error: string | null;
}

export interface Win {
  itemId: string;
  purchaseId: string;
}

/** What members saw between two marks. */
export interface Segment {
  label: string;
  ms: number;
  polls: number;
  /** 5xx answers and network errors, as a member would count them. */
  failures: Answer[];
  /** The longest wait, over all pollers, between two successful state answers. */
  longestGapMs: number;
  /** Socket drops, and for each, ms until the full state arrived again. */
  drops: number;
  recoveriesMs: number[];
  buys: Answer[];
}

async function ask(
  url: string,
  what: Answer['what'],
  options: { cookie: string; body?: unknown; key?: string },
): Promise<Answer & { json: unknown }> {
  const started = performance.now();
  const at = Date.now();
  try {
    const res = await fetch(url, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: {
        origin: new URL(url).origin,
        cookie: options.cookie,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // A request the proxy never answers is a failure a member would see, not a hang.
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    const json: unknown = isJson && text ? JSON.parse(text) : null;
    const code = json && typeof json === 'object' && 'code' in json ? String(json.code) : null;
    const ms = performance.now() - started;
    return { at, ms, what, status: res.status, code, fromProxy: !isJson, error: null, json };
  } catch (error) {
    const ms = performance.now() - started;
    return { at, ms, what, status: 0, code: null, fromProxy: false, error: (error as Error).message, json: null };
  }
}

/**
 * Members on the site for the whole test, through the proxy as browsers are: pollers asking for
 * the show's state every 250 ms (each keeping the replica pin HAProxy gives it), live sockets, and
 * a buyer pressing Buy once on every knife that comes on screen (retrying a 503 with the same
 * Idempotency-Key, as the web client does). Everything is recorded; `mark` cuts it into segments.
 */
export async function membersOnline(
  url: string,
  members: SeededMember[],
  options: { pollers: number; sockets: number },
) {
  const answers: Answer[] = [];
  const wins: Win[] = [];
  let running = true;
  const cookieOf = (i: number) => members[i]?.cookie ?? '';
  const gaps: number[] = [];

  // Pollers keep no replica pin, so their requests spread over every replica; the sockets keep
  // theirs, as browsers do (long-polling needs it).
  const pollers = Array.from({ length: options.pollers }, async (_, i) => {
    let lastOk = Date.now();
    while (running) {
      const answer = await ask(`${url}/api/show/state`, 'state', { cookie: cookieOf(i) });
      answers.push(answer);
      if (answer.status === 200) {
        gaps.push(Date.now() - lastOk);
        lastOk = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  const sockets: WatchingSocket[] = await Promise.all(
    Array.from({ length: options.sockets }, (_, i) =>
      watchThroughProxy({ url }, cookieOf(options.pollers + i), 'websocket'),
    ),
  );

  let buyerIndex = options.pollers + options.sockets;
  const pressed = new Set<string>();
  const buyer = (async () => {
    while (running) {
      const view = await ask(`${url}/api/show/state`, 'state', { cookie: cookieOf(0) });
      const state = view.json as ShowStateView | null;
      const item = state?.currentItem;
      if (view.status === 200 && item?.status === 'showing' && !pressed.has(item.id)) {
        pressed.add(item.id);
        const cookie = cookieOf(buyerIndex++);
        const key = randomUUID();
        for (let attempt = 0; attempt < 30 && running; attempt++) {
          const buy = await ask(`${url}/api/show/buy`, 'buy', { cookie, key, body: { showItemId: item.id } });
          answers.push(buy);
          const purchase = (buy.json as { purchase?: { id: string } } | null)?.purchase;
          if (buy.status === 200 && purchase) wins.push({ itemId: item.id, purchaseId: purchase.id });
          if (buy.status !== 503 && buy.status !== 0) break;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  let segmentStart = Date.now();
  let answersFrom = 0;
  let gapsFrom = 0;
  /** Per socket, how many of its recoveries earlier segments took. */
  let recoveriesFrom = sockets.map(() => 0);

  return {
    sockets,
    wins,
    /** What members saw since the previous mark. */
    mark(label: string): Segment {
      const slice = answers.slice(answersFrom);
      const recoveries = sockets.flatMap((s, i) => s.recoveries.slice(recoveriesFrom[i]));
      const segment: Segment = {
        label,
        ms: Date.now() - segmentStart,
        polls: slice.filter((a) => a.what === 'state').length,
        failures: slice.filter((a) => a.status === 0 || a.status >= 500),
        longestGapMs: Math.max(0, ...gaps.slice(gapsFrom)),
        drops: recoveries.length,
        recoveriesMs: recoveries,
        buys: slice.filter((a) => a.what === 'buy'),
      };
      answersFrom = answers.length;
      gapsFrom = gaps.length;
      recoveriesFrom = sockets.map((s) => s.recoveries.length);
      segmentStart = Date.now();
      return segment;
    },
    async stop() {
      running = false;
      await Promise.all([...pollers, buyer]);
      for (const s of sockets) s.close();
    },
  };
}

export type MembersOnline = Awaited<ReturnType<typeof membersOnline>>;

/** One line per segment for the test's log, e.g. `[compose] rollout: 412 polls, 0 failed, longest gap 0.4 s, …`. */
export function describeSegment(s: Segment): string {
  const failures = s.failures.map((f) => `${f.what} ${f.status || f.error}${f.fromProxy ? ' (proxy)' : ''}`);
  const buys = s.buys.map((b) => `${b.status}${b.code ? ` ${b.code}` : ''}`);
  return (
    `[compose] ${s.label}: ${(s.ms / 1000).toFixed(1)} s, ${s.polls} polls, ${s.failures.length} failed` +
    `${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''}, longest gap ${(s.longestGapMs / 1000).toFixed(1)} s, ` +
    `${s.drops} socket drops${s.drops ? ` (back in ${s.recoveriesMs.map((ms) => (ms / 1000).toFixed(1)).join('/')} s)` : ''}, ` +
    `buys ${buys.join(' ') || 'none'}`
  );
}
