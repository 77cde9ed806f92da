// The bad-link harness behind `pnpm bench:badnet`:
// members' /show pages in Chromium, each through its own user-space link proxy, watch a show while a
// buyer on a clean link buys every item at a random moment. Every page records what it shows (title,
// Sold, a live or stale-marked Buy button, the countdown, the connection indicator) with Date.now()
// from a MutationObserver — the same machine clock as the bench, the server and the buyer — and the
// figures are computed afterwards against the sales' 200s, the proxies' outage logs and the server's
// own deadlines.

import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ShowStateView } from '@vault/contracts';
import {
  DEFAULT_KNIFE_FACTS,
  eventually,
  type LinkProfileName,
  type LinkProxy,
  linkProfiles,
  startLinkProxy,
} from '@vault/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BadnetApp } from './badnet-app';
import { figures, type PageRecord, type ProfileResult, type ServerItem, type Snapshot } from './badnet-report';

export { type BadnetApp, startBadnetApp } from './badnet-app';
export { badnetTable, formatTable, missedTargets, type ProfileResult, TARGETS } from './badnet-report';

export const PROFILES = Object.keys(linkProfiles) as readonly LinkProfileName[];

/** Each item shows this long, then the intermission; the sold hold is shortened so Sold leaves room. */
export const PER_KNIFE_S = 8;
const INTERMISSION_S = 2;
const SOLD_HOLD_S = 4;
/** Silent deaths per silentDeath page, at random moments of the show (unless deathsAtSales). */
const KILLS_PER_PAGE = 2;

/**
 * Runs in every page before the app: records each change of what the member sees. A string, not a
 * function, so no transpiler helper (tsx's __name) leaks into the page.
 */
const RECORDER = `(() => {
  window.__badnet = [];
  let last = '';
  const take = () => {
    const article = document.querySelector('article');
    const button = [...(article ? article.querySelectorAll('button') : [])].find((b) => /^Buy Now/.test(b.textContent || ''));
    const snapshot = {
      title: article?.querySelector('h1')?.textContent ?? null,
      sold: Boolean(article && /Item Sold!/.test(article.textContent || '')),
      buy: button ? (button.getAttribute('data-stale') === 'true' ? 'stale' : 'live') : 'none',
      countdown: article?.querySelector('span.font-mono')?.textContent ?? null,
      closed: /The Vault is Closed/.test(document.body ? document.body.textContent || '' : ''),
      connection: document.querySelector('[role="status"][aria-label^="Connection"]')?.getAttribute('aria-label') ?? null,
    };
    const key = JSON.stringify(snapshot);
    if (key === last) return;
    last = key;
    window.__badnet.push({ t: Date.now(), ...snapshot });
  };
  new MutationObserver(take).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  // A backstop: a change the observer batched late is still seen within 50 ms. Its own lateness is
  // the page's main-thread lag (a loaded machine makes every repaint late, whatever the clock).
  window.__badnetLag = [];
  let expected = Date.now() + 50;
  setInterval(() => {
    const now = Date.now();
    window.__badnetLag.push(Math.max(0, now - expected));
    expected = now + 50;
    take();
  }, 50);
})();`;

interface WatchedPage {
  profile: LinkProfileName;
  proxy: LinkProxy;
  context: BrowserContext;
  page: Page;
}

export interface BadnetOptions {
  app: BadnetApp;
  browser: Browser;
  profiles?: readonly LinkProfileName[];
  pagesPerProfile: number;
  items: number;
  /** First scheduled outage of each page falls at a random time in this range after the show starts. */
  firstOutageMs?: readonly [number, number];
  /**
   * Instead of KILLS_PER_PAGE silent deaths at random moments: every silentDeath page's link dies silently 0–1 s before each sale — the hard case
   * (the sale's Sold is in flight or about to be), on every sale rather than the few a random
   * death happens to precede.
   */
  deathsAtSales?: boolean;
  log?: (line: string) => void;
}

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

async function call(app: BadnetApp, method: string, path: string, body?: unknown, cookie = app.adminCookie) {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { origin: app.baseUrl, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** The server's view of the show, on a clean link, checked against the contract. */
const showState = async (app: BadnetApp) => ShowStateView.parse((await call(app, 'GET', '/api/show/state')).json);

/** One show watched by every page of the given profiles at once; returns the figures per profile. */
export async function runBadnet(options: BadnetOptions): Promise<ProfileResult[]> {
  const { app, browser } = options;
  const log = options.log ?? (() => {});
  const profiles = options.profiles ?? PROFILES;
  const [firstLo, firstHi] = options.firstOutageMs ?? [2000, 20_000];
  const pages: WatchedPage[] = [];
  let memberIndex = 0;
  const show = (
    await call(app, 'POST', '/api/shows', {
      title: 'Bad links',
      perKnifeSeconds: PER_KNIFE_S,
      intermissionSeconds: INTERMISSION_S,
      prerollSeconds: 2,
    })
  ).json;
  const showId = String(show.id);
  await app.setSoldHold(showId, SOLD_HOLD_S);
  const titles: string[] = [];
  for (let i = 0; i < options.items; i++) {
    const title = `Bad-link knife ${i + 1}`;
    titles.push(title);
    const res = await call(app, 'POST', '/api/show-items', { showId, title, price: '120', ...DEFAULT_KNIFE_FACTS });
    if (res.status >= 300) throw new Error(`item: ${res.status} ${JSON.stringify(res.json)}`);
  }
  const buyerCookie = app.members[app.members.length - 1] ?? '';
  const target = { port: Number(new URL(app.baseUrl).port) };

  try {
    // Pages load on a clean link; the profile is applied as the show starts, so every schedule runs
    // from the same moment.
    for (const profile of profiles) {
      for (let i = 0; i < options.pagesPerProfile; i++) {
        const cookie = app.members[memberIndex++];
        if (!cookie) throw new Error('not enough members');
        const proxy = await startLinkProxy({ target });
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const [name, value] = cookie.split(/=(.*)/s);
        await context.addCookies([{ name: name ?? '', value: value ?? '', url: proxy.url }]);
        await context.addInitScript({ content: RECORDER });
        const page = await context.newPage();
        await page.goto(`${proxy.url}/show`);
        await page
          .getByText(/The Vault is Closed|Vault Opens Soon|Intermission/)
          .first()
          .waitFor({ timeout: 30_000 });
        pages.push({ profile, proxy, context, page });
      }
    }
    log(`${pages.length} pages open (${options.pagesPerProfile} per profile); starting the show`);

    const started = await call(app, 'POST', '/api/show/start', { showId });
    if (started.status >= 300) throw new Error(`start: ${started.status} ${JSON.stringify(started.json)}`);
    const showStart = Date.now();
    // An item is on show for its time (a sale does not extend it), then the intermission.
    const expectedMs = options.items * (PER_KNIFE_S + INTERMISSION_S) * 1000;
    for (const p of pages) {
      const base = linkProfiles[p.profile];
      const first = Math.round(between(firstLo, firstHi));
      p.proxy.setProfile({
        ...base,
        ...(base.blackhole ? { blackhole: { ...base.blackhole, firstAfterMs: first } } : {}),
        ...(base.reset ? { reset: { ...base.reset, firstAfterMs: first } } : {}),
      });
    }
    const killTimers: NodeJS.Timeout[] = [];
    const dying = pages.filter((x) => x.profile === 'silentDeath');
    for (const p of options.deathsAtSales ? [] : dying) {
      for (let k = 0; k < KILLS_PER_PAGE; k++) {
        const slot = expectedMs / KILLS_PER_PAGE;
        const at = between(k * slot + 1000, (k + 1) * slot - 2000);
        killTimers.push(
          // The proxy's outage log records the moment.
          setTimeout(() => p.proxy.killSilently(), at),
        );
      }
    }

    // The server's truth, on a clean link: each item's showing deadline.
    const items = new Map<string, ServerItem>(titles.map((t) => [t, { title: t, endsAt: null, soldAt: null }]));
    let watching = true;
    let lastState: ShowStateView | null = null;
    const watcher = (async () => {
      while (watching) {
        try {
          const state = await showState(app);
          lastState = state;
          const item = state.currentItem && items.get(state.currentItem.title);
          if (item && state.show?.phase === 'showing' && state.currentItem?.status === 'showing') {
            item.endsAt = state.show.phaseEndsAt;
          }
        } catch {}
        await sleep(50);
      }
    })();

    // The buyer, on a clean link: each item, at a random moment of its showing phase.
    for (const title of titles) {
      const item = items.get(title);
      if (!item) continue;
      await eventually(() => item.endsAt !== null, { within: 60_000, every: 25, what: `${title} going on show` });
      const current = lastState as ShowStateView | null;
      if (item.endsAt === null || !current?.currentItem) throw new Error(`${title} never went on show`);
      const itemId = current.currentItem.id;
      const wait = between(1000, PER_KNIFE_S * 1000 - 1500);
      const lead = options.deathsAtSales ? between(0, 1000) : 0;
      await sleep(wait - lead);
      if (options.deathsAtSales) for (const p of dying) p.proxy.killSilently();
      await sleep(lead);
      const res = await call(app, 'POST', '/api/show/buy', { showItemId: itemId }, buyerCookie);
      if (res.status !== 200) throw new Error(`buy ${title}: ${res.status} ${JSON.stringify(res.json)}`);
      item.soldAt = Date.now();
      log(`sold ${title} at +${((item.soldAt - showStart) / 1000).toFixed(1)} s`);
    }
    for (;;) {
      const state = lastState as ShowStateView | null;
      if (state && !state.active) break;
      await sleep(100);
    }
    for (const timer of killTimers) clearTimeout(timer);
    // Outages stop here; every page now has 5 s to catch up with the ended show.
    for (const p of pages) p.proxy.setProfile(linkProfiles[p.profile === 'clean' ? 'clean' : 'lossy']);
    await sleep(5000);
    watching = false;
    await watcher;
    const final = await showState(app);

    const results: ProfileResult[] = [];
    const dump: unknown[] = [];
    for (const profile of profiles) {
      const records: PageRecord[] = [];
      for (const p of pages.filter((x) => x.profile === profile)) {
        const recorded = await p.page.evaluate(() => {
          const w = window as unknown as { __badnet?: Snapshot[]; __badnetLag?: number[] };
          return { snaps: w.__badnet ?? [], lag: w.__badnetLag ?? [] };
        });
        records.push({ port: p.proxy.port, outages: p.proxy.outages(), ...recorded });
      }
      dump.push({ profile, records });
      results.push(figures(profile, records, { items: [...items.values()], final, log }));
    }
    // BADNET_DUMP=/tmp/x keeps every page's record, outage log and the sales (/tmp/x-<profiles>.json),
    // to explain a figure.
    if (process.env.BADNET_DUMP) {
      const file = `${process.env.BADNET_DUMP}-${profiles.join('-')}.json`;
      writeFileSync(file, JSON.stringify({ items: [...items.values()], profiles: dump }, null, 1));
    }
    return results;
  } finally {
    for (const p of pages) {
      await p.context.close().catch(() => {});
      await p.proxy.close().catch(() => {});
    }
  }
}
