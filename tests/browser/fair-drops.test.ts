import {
  type AdminShow,
  buyMessages,
  DRAW_RULE,
  type DrawEntered,
  drawMessages,
  type PublicDraw,
} from '@vault/contracts';
import type { EmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, toastText } from './support/browser-helpers';
import { type SentBuy, waitLive } from './support/buying-scene';
import {
  closeFairDropsScene,
  commitmentOf,
  DECLINING_CARD,
  DRAW_KNIFE,
  DRAW_WINDOW_SECONDS,
  orderByRule,
  purchasesOf,
  RACE_KNIFE,
  recordToasts,
  SHOW,
  saveCard,
  shot,
  shotBothWidths,
  startFairDropsScene,
} from './support/fair-drops-scene';
import { expectNoOverflow } from './support/member-helpers';
import { press, stateOf, waitForItem } from './support/show-report-scene';

// Fair drops in Chromium against the app started as a real process. The admin makes the show's
// first knife a draw in Edit Show Item; Ada (phone) and Bob (desktop) enter it from /show and see
// their entry numbers; the window closes, the winner owns the knife with the success toast and the
// other entrant reads that the draw is over, as the API's public record says. A visitor, signed
// out, opens /draws/:showItemId: the seed, the rule, the entrants in order, verified by the page
// itself. Then the first-press knife: Bob, his card now declining, presses first and Ada after
// him: the knife goes to Ada as the next in line. Screenshots: test-results/fair-drops/.

const SUCCESS = 'Purchase Successful!';
const sold = (knife: { title: string; price: string }) =>
  `You've successfully purchased ${knife.title} for $${knife.price}!`;
const ENTERED = /You're in \(entry #(\d+)\)/;
const LOST = 'The draw is over — this knife went to another entrant';

/** The entry number "You're in (entry #N)" shows on the member's page. */
async function shownEntryNumber(member: Page): Promise<number> {
  const notice = member.getByText(ENTERED);
  await notice.waitFor();
  return Number(ENTERED.exec((await notice.textContent()) ?? '')?.[1]);
}

describe('fair drops in Chromium: enter the draw, the close, the public record, the next in line', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let ada: Page;
  let bob: Page;
  let showId = '';
  let buysAda: SentBuy[] = [];
  let buysBob: SentBuy[] = [];
  /** The draw knife's id, its commitment as /show showed it at the reveal, and each member's entry. */
  let drawItemId = '';
  let shownCommitment = '';
  const entries = { ada: 0, bob: 0 };
  let record: PublicDraw;

  beforeAll(async () => {
    let show: { id: string };
    ({ app, browser, admin, ada, bob, show, buysAda, buysBob } = await startFairDropsScene());
    showId = show.id;
  });
  // Whatever started, stops (a failed start has already stopped its own).
  afterAll(() => closeFairDropsScene({ app, browser }));

  it('the admin makes the first knife a draw with its entry window in Edit Show Item', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('tab', { name: 'Show Items' }).click();
    await admin.getByRole('button', { name: `Edit ${DRAW_KNIFE.title}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Show Item' });
    await dialog.getByRole('radio', { name: /^Draw/ }).check();
    await dialog.getByLabel('Draw window (seconds)').fill(String(DRAW_WINDOW_SECONDS));
    const hint = dialog.getByText('up to 10 for this show');
    await hint.waitFor();
    await hint.scrollIntoViewIfNeeded();
    await shotBothWidths(admin, 'admin-edit-draw', false);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(admin, 'Show item updated');
    const card = admin
      .getByRole('list', { name: 'Show items' })
      .getByRole('listitem')
      .filter({ hasText: DRAW_KNIFE.title });
    await card.getByText(`Draw · ${DRAW_WINDOW_SECONDS} s window`).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(admin, 'admin-items');
    const shows = (await api<AdminShow[]>(admin, 'GET', '/api/shows')).body;
    const lineup = shows.find((s) => s.id === showId)?.lineup ?? [];
    expect(lineup.map((i) => [i.title, i.saleMode, i.drawWindowSeconds])).toEqual([
      [DRAW_KNIFE.title, 'draw', DRAW_WINDOW_SECONDS],
      [RACE_KNIFE.title, 'first_press', null],
    ]);
  });

  it('Ada and Bob enter the draw from /show: the window countdown, the agreement, then their entry numbers', async () => {
    for (const member of [ada, bob]) await member.goto(`${app.baseUrl}/show`);
    await Promise.all([waitLive(ada), waitLive(bob)]);
    expect((await api(admin, 'POST', '/api/show/start', { showId })).status).toBe(200);

    const enter = ada.getByRole('button', { name: 'Enter the draw' });
    await enter.waitFor();
    await ada.getByText('Draw closes in').waitFor();
    await ada.getByText(drawMessages.agreement).waitFor();
    // The agreement is what the button says it does, for a screen reader too.
    expect(await enter.getAttribute('aria-describedby')).toContain('draw-agreement');
    expect(await ada.getByRole('button', { name: /Buy Now/ }).count()).toBe(0);
    drawItemId = (await waitForItem(ada, DRAW_KNIFE.title)).id;
    shownCommitment = (await ada.locator('code.draw-hash').getAttribute('title')) ?? '';
    expect(shownCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await ada.getByRole('link', { name: 'How this draw is checked' }).getAttribute('href')).toBe(
      `/draws/${drawItemId}`,
    );
    await shot(ada, 'draw-open');

    await enter.click();
    entries.ada = await shownEntryNumber(ada);
    await bob.getByRole('button', { name: 'Enter the draw' }).click();
    entries.bob = await shownEntryNumber(bob);
    expect([entries.ada, entries.bob].sort()).toEqual([1, 2]);
    // The window still runs beside the item's time while they wait.
    await bob.getByText('Draw closes in').waitFor();
    expect(await bob.getByRole('button', { name: 'Enter the draw' }).count()).toBe(0);
    // One press each, through Buy.
    expect(buysAda).toHaveLength(1);
    expect(buysBob).toHaveLength(1);
    await Promise.all([shot(ada, 'draw-entered'), shot(bob, 'draw-entered')]);

    // Pressing again (a second tab, a script) is the same entry, not a second one.
    const again = await press(ada, drawItemId);
    expect(again.status).toBe(202);
    expect(again.body as unknown as DrawEntered).toMatchObject({
      entered: true,
      entryNumber: entries.ada,
      first: false,
    });
  });

  it('the window closes: the winner owns the knife with the success toast, the other sees the draw is over', async () => {
    // The window closes before the item's own time runs out: the draw charges its first entrant.
    await expect
      .poll(async () => (await api<PublicDraw>(ada, 'GET', `/api/draws/${drawItemId}`)).body.status, {
        timeout: (DRAW_WINDOW_SECONDS + 5) * 1000,
        interval: 100,
      })
      .toBe('drawn');
    // Held on the sold knife while the test looks at it (the sold hold is short).
    expect((await api(admin, 'POST', '/api/show/pause')).status).toBe(200);

    record = (await api<PublicDraw>(ada, 'GET', `/api/draws/${drawItemId}`)).body;
    // The seed decides who: either entrant, whichever the published order puts first.
    expect([entries.ada, entries.bob]).toContain(record.winnerEntryNumber);
    const winnerIsAda = record.winnerEntryNumber === entries.ada;
    const [winner, loser] = winnerIsAda ? [ada, bob] : [bob, ada];

    expect(await toastText(winner, SUCCESS)).toContain(sold(DRAW_KNIFE));
    await winner.getByText('You own this item!', { exact: true }).waitFor();
    await winner.getByText('SOLD', { exact: true }).waitFor();
    await loser.getByText(LOST).waitFor();
    await loser.getByText('SOLD', { exact: true }).waitFor();
    await loser.getByRole('link', { name: 'See the public record of the draw' }).waitFor();
    expect(await loser.getByText('You own this item!', { exact: true }).count()).toBe(0);
    expect(
      await loser
        .getByRole('region', { name: /Notifications/ })
        .getByText(SUCCESS)
        .count(),
    ).toBe(0);
    // Nobody can enter a closed window.
    expect(await loser.getByRole('button', { name: 'Enter the draw' }).count()).toBe(0);
    const late = await press(loser, drawItemId);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('draw_closed');
    await Promise.all([shot(winner, 'draw-won'), shot(loser, 'draw-lost')]);

    // The API agrees: the winner's purchase of the knife, none for the other entrant.
    expect(await purchasesOf(winner, drawItemId)).toMatchObject([{ itemTitle: DRAW_KNIFE.title, amount: '420.00' }]);
    expect(await purchasesOf(loser, drawItemId)).toEqual([]);
    expect(record.entryCount).toBe(2);
    expect(record.declinedEntryNumbers).toEqual([]);
  });

  it('the public draw page, signed out: seed, rule, entrants in order, verified in the browser', async () => {
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(`${app.baseUrl}/draws/${drawItemId}`);
    // Signed out indeed: the page offers to sign in, and the record is public.
    await visitor.getByRole('link', { name: 'Sign in' }).waitFor();
    await visitor.getByRole('heading', { name: DRAW_KNIFE.title, level: 1 }).waitFor();
    await visitor.getByText(`Public draw record · ${SHOW}`).waitFor();
    const verification = visitor.locator('[data-verification]');
    await expect.poll(() => verification.getAttribute('data-verification')).toBe('verified');

    // The published record holds together by a recomputation written here from the rule's text.
    const { seed, commitment, order, winnerEntryNumber } = record;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment).toBe(shownCommitment);
    expect(commitmentOf(seed ?? '')).toBe(commitment);
    expect(record.rule).toBe(DRAW_RULE);
    expect(orderByRule(seed ?? '', [entries.ada, entries.bob])).toEqual(order);
    expect(order[0]).toBe(winnerEntryNumber);

    const winner = record.entries.find((e) => e.entryNumber === winnerEntryNumber);
    expect(await verification.textContent()).toContain(
      `names entry #${winnerEntryNumber} (${winner?.pseudonym}) as the winner`,
    );
    await visitor.getByText('Verified in your browser:').waitFor();
    await visitor.getByText(seed ?? '', { exact: true }).waitFor();
    await visitor.getByText(commitment, { exact: true }).waitFor();
    await visitor.getByText(DRAW_RULE, { exact: true }).waitFor();
    await visitor.getByText(`Winner: entry #${winnerEntryNumber} (${winner?.pseudonym})`).waitFor();
    const rows = await visitor
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelector('th')?.textContent ?? ''));
    expect(rows).toEqual(order.map((n) => `#${n}`));
    // Pseudonyms, never who the members are.
    const page = (await visitor.locator('main').textContent()) ?? '';
    expect(page).not.toMatch(/@|example\.com/);
    for (const entry of record.entries) expect(page).toContain(entry.pseudonym);

    await shotBothWidths(visitor, 'public-draw');
    await visitor.setViewportSize({ width: 375, height: 812 });
    await expectNoOverflow(visitor);
    await visitor.context().close();
  });

  it('first press with next in line: Bob, his card now declined, presses first; the knife goes to Ada', async () => {
    // Bob's new card saves fine and is declined at the charge (the simulator's card).
    await saveCard(bob, app, DECLINING_CARD);
    await bob.goto(`${app.baseUrl}/show`);
    await waitLive(bob);
    expect((await api(admin, 'POST', '/api/show/start', { showId })).status).toBe(200);

    const buyBob = bob.getByRole('button', { name: `Buy Now $${RACE_KNIFE.price}` });
    const buyAda = ada.getByRole('button', { name: `Buy Now $${RACE_KNIFE.price}` });
    await Promise.all([buyBob.waitFor({ timeout: 15_000 }), buyAda.waitFor({ timeout: 15_000 })]);
    const raceItemId = (await stateOf(ada)).currentItem?.id ?? '';
    const [sentAda, sentBob] = [buysAda.length, buysBob.length];
    const [toastsOfAda, toastsOfBob] = await Promise.all([recordToasts(ada), recordToasts(bob)]);
    await buyAda.scrollIntoViewIfNeeded();

    // Bob's press first. Ada's follows as soon as his has left his page, while his card is being
    // tried: the line behind a declined winner is read about 0.35 s after the decline, so her press
    // is a DOM click (Playwright's own checks before a click took 0.3 s on a loaded machine).
    await buyBob.click();
    await expect.poll(() => buysBob.length, { interval: 5, timeout: 5000 }).toBe(sentBob + 1);
    await buyAda.evaluate((button) => (button as HTMLButtonElement).click());

    expect(await toastText(bob, 'Purchase Failed')).toContain(buyMessages.declined);
    expect(await toastText(ada, SUCCESS)).toContain(sold(RACE_KNIFE));
    await ada.getByText('You own this item!', { exact: true }).waitFor();
    await bob.getByText('SOLD', { exact: true }).waitFor();
    expect(await bob.getByText('You own this item!', { exact: true }).count()).toBe(0);
    // Her press met the knife held for Bob (Already Sold); it came to her when his card was declined.
    expect(await toastsOfAda()).toEqual([
      expect.stringContaining('Already Sold'),
      expect.stringContaining(sold(RACE_KNIFE)),
    ]);
    expect(await toastsOfBob()).toEqual([expect.stringContaining(buyMessages.declined)]);
    expect(buysAda.slice(sentAda)).toHaveLength(1);
    expect(buysBob.slice(sentBob)).toHaveLength(1);
    await Promise.all([shot(ada, 'next-in-line-won'), shot(bob, 'next-in-line-declined')]);

    expect(await purchasesOf(ada, raceItemId)).toMatchObject([{ itemTitle: RACE_KNIFE.title, amount: '310.00' }]);
    expect(await purchasesOf(bob, raceItemId)).toEqual([]);
  });
});
