import { isDeepStrictEqual } from 'node:util';
import type { ShowReport } from '@vault/contracts';
import { eventually } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, toastText } from './support/browser-helpers';
import { type Member, pressOverHttp, pressOverSocket, stateVerdict } from './support/eligibility-members';
import {
  AUTOMATIC,
  BALISONG,
  closeEligibilityScene,
  type EligibilityScene,
  FOLDER,
  KNIVES,
  type Knife,
  shot,
  startEligibilityScene,
} from './support/eligibility-scene';

// Who may buy which knife, as three members see it in Chromium: Young (TX, 17), Cali (CA, adult,
// no attestation) and Soldier (NY, adult, armed forces on duty) watch a show of an automatic, a
// balisong and a manual folder, shipped from TX, under two rules: automatics shipped out of state
// need the armed-forces attestation, balisongs are forbidden in CA. Each page shows Buy Now exactly
// where the rules allow it and the reason where they do not; the server refuses the other presses
// on both transports and counts them in the show report.

const MIN_AGE = 'You must be at least 18 years old to buy from the vault';
const CA_BALISONG = 'Not available for delivery to CA: balisongs';
const NOT_AVAILABLE = 'Not available to you';

type Name = 'young' | 'cali' | 'soldier';
const NAMES: Name[] = ['young', 'cali', 'soldier'];

describe('who may buy which knife, in Chromium: the rules decide Buy Now, its reason, and the server agrees', () => {
  let scene: EligibilityScene;
  /** Each member's verdict per knife (by title): null where they may buy it, else the reason they read. */
  let verdicts: Record<Name, Record<string, string | null>>;

  beforeAll(async () => {
    scene = await startEligibilityScene();
    const automatic = `To buy automatic knives for delivery outside TX, record one of these in your account: ${scene.attestationLabel}`;
    verdicts = {
      young: { [AUTOMATIC.title]: MIN_AGE, [BALISONG.title]: MIN_AGE, [FOLDER.title]: MIN_AGE },
      cali: { [AUTOMATIC.title]: automatic, [BALISONG.title]: CA_BALISONG, [FOLDER.title]: null },
      soldier: { [AUTOMATIC.title]: null, [BALISONG.title]: null, [FOLDER.title]: null },
    };
  });
  afterAll(() =>
    closeEligibilityScene({
      browser: scene?.browser,
      app: scene?.app,
      sockets: scene ? NAMES.map((name) => scene[name].socket) : [],
    }),
  );

  const idOf = (knife: Knife) => scene.itemIds[KNIVES.indexOf(knife)] ?? '';
  /** What the member should be told for every knife of the lineup, by item id. */
  const expectedMap = (name: Name) =>
    Object.fromEntries(
      KNIVES.map((knife) => {
        const reason = verdicts[name][knife.title] ?? null;
        return [idOf(knife), { ok: reason === null, reason }];
      }),
    );
  /** The last thing the member's page was told about this item (undefined: nothing yet). */
  const toldOf = (member: Member, itemId: string) => member.heard.findLast((items) => itemId in items)?.[itemId];
  const lineupOf = (items: Record<string, unknown>) => Object.fromEntries(scene.itemIds.map((id) => [id, items[id]]));

  it('marks in the lineup preview, before the show starts, the knives each member cannot buy (hearts stay)', async () => {
    for (const name of NAMES) {
      const { page, facts } = scene[name];
      await page.goto(`${scene.app.baseUrl}/show`);
      const lineup = page.getByRole('list', { name: 'Lineup' });
      await lineup.waitFor();
      for (const knife of KNIVES) {
        const card = lineup.getByRole('listitem').filter({ hasText: knife.title });
        const reason = verdicts[name][knife.title];
        if (reason) {
          await card.getByTitle(reason, { exact: true }).waitFor();
          expect(await card.textContent()).toContain(`${NOT_AVAILABLE}: ${reason}`);
        } else {
          // Not a moment's absence: the page has been told this knife is allowed.
          await eventually(() => toldOf(scene[name], idOf(knife))?.ok === true, {
            within: 10_000,
            what: () =>
              `${facts.email}'s page told ${knife.title} is allowed (told ${JSON.stringify(toldOf(scene[name], idOf(knife)))})`,
          });
          expect(await card.getByText(NOT_AVAILABLE).count()).toBe(0);
        }
        await card.getByRole('button', { name: `Heart ${knife.title}`, exact: true }).waitFor();
      }
      // A knife a member cannot buy can still be hearted.
      if (name === 'cali') {
        const balisong = lineup.getByRole('listitem').filter({ hasText: BALISONG.title });
        await balisong.getByRole('button', { name: `Heart ${BALISONG.title}`, exact: true }).click();
        await balisong.getByRole('button', { name: `Remove heart from ${BALISONG.title}`, exact: true }).waitFor();
      }
      await shot(page, `lineup-${name}`);

      // The same verdicts on the wire: GET /api/show/eligibility and the member's socket push.
      const asked = await api<{ items: Record<string, unknown> }>(page, 'GET', '/api/show/eligibility');
      expect(lineupOf(asked.body.items)).toEqual(expectedMap(name));
      const pushed = await eventually(() => scene[name].pushed.at(-1), { within: 5000, what: 'show:eligibility' });
      expect(pushed.showId).toBe(scene.show.id);
      expect(lineupOf(pushed.items)).toEqual(expectedMap(name));
    }
  });

  /** The knife on screen for every member: Buy Now exactly where allowed, else the reason; the state poll agrees. */
  async function expectScreens(knife: Knife) {
    for (const name of NAMES) {
      const member = scene[name];
      const { page } = member;
      await page.getByRole('heading', { level: 1, name: knife.title }).waitFor({ timeout: 20_000 });
      const buy = page.getByRole('button', { name: `Buy Now $${knife.price}` });
      const notice = page.getByRole('status').filter({ hasText: NOT_AVAILABLE });
      const reason = verdicts[name][knife.title] ?? null;
      if (reason) {
        await notice.getByText(reason, { exact: true }).waitFor();
        expect(await buy.count(), `${name} has no Buy Now on ${knife.title}`).toBe(0);
      } else {
        await buy.waitFor();
        expect(await notice.count(), `${name} has no reason on ${knife.title}`).toBe(0);
      }
      expect(await stateVerdict(member)).toMatchObject({ id: idOf(knife), eligibility: { ok: !reason, reason } });
    }
  }

  /** Every member the rules refuse this knife presses anyway, over HTTP and over their socket: 403 not_eligible both times. */
  async function expectRefusedPresses(knife: Knife) {
    for (const name of NAMES) {
      const reason = verdicts[name][knife.title];
      if (!reason) continue;
      const member: Member = scene[name];
      const http = await pressOverHttp(member, idOf(knife));
      expect(http.status, `${name}'s HTTP press on ${knife.title}`).toBe(403);
      expect(http.body).toMatchObject({ code: 'not_eligible', message: reason });
      const ack = await pressOverSocket(member, idOf(knife));
      expect(ack, `${name}'s socket press on ${knife.title}`).toMatchObject({
        ok: false,
        status: 403,
        code: 'not_eligible',
        message: reason,
      });
    }
  }

  it('on the automatic, only Soldier has Buy Now; the others read why; Soldier buys it in the browser', async () => {
    expect((await api(scene.admin, 'POST', '/api/show/start', { showId: scene.show.id })).status).toBe(200);
    await expectScreens(AUTOMATIC);
    for (const name of NAMES) await shot(scene[name].page, `automatic-${name}`);
    await expectRefusedPresses(AUTOMATIC);

    const { page } = scene.soldier;
    await page.getByRole('button', { name: `Buy Now $${AUTOMATIC.price}` }).click();
    expect(await toastText(page, 'Purchase Successful!')).toContain(
      `You've successfully purchased ${AUTOMATIC.title} for $${AUTOMATIC.price}!`,
    );
    await page.getByText('You own this item!', { exact: true }).waitFor();
  });

  it('on the balisong, Cali reads it is not for CA, Young her age; Soldier buys it over the live socket', async () => {
    await expectScreens(BALISONG);
    await expectRefusedPresses(BALISONG);
    const ack = await pressOverSocket(scene.soldier, idOf(BALISONG));
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true, response: { item: { id: idOf(BALISONG) } } });
    await scene.soldier.page.getByText('You own this item!', { exact: true }).waitFor();
  });

  it('on the manual folder, Cali and Soldier have Buy Now, Young does not; Cali buys it in the browser', async () => {
    await expectScreens(FOLDER);
    await expectRefusedPresses(FOLDER);

    const { page } = scene.cali;
    await page.getByRole('button', { name: `Buy Now $${FOLDER.price}` }).click();
    expect(await toastText(page, 'Purchase Successful!')).toContain(
      `You've successfully purchased ${FOLDER.title} for $${FOLDER.price}!`,
    );
    // Soldier was allowed too: his late press meets a sold knife, not a rule.
    const late = await pressOverHttp(scene.soldier, idOf(FOLDER));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('sold');

    const bought = async (name: Name) =>
      ((await api<Array<{ showItemId: string }>>(scene[name].page, 'GET', '/api/purchases')).body ?? [])
        .map((p) => p.showItemId)
        .sort();
    expect(await bought('soldier')).toEqual([idOf(AUTOMATIC), idOf(BALISONG)].sort());
    expect(await bought('cali')).toEqual([idOf(FOLDER)]);
    expect(await bought('young')).toEqual([]);
  });

  it('counts every refused press in the show report, per knife and per rule', async () => {
    const underAge = { rule: 'minimum_age', label: "Under the vault's minimum age", members: 1, presses: 2 };
    const expected = {
      [AUTOMATIC.title]: [
        underAge,
        {
          rule: scene.ruleIds.automatics,
          label: 'Automatic knives · outside the ship-from state · needs an attestation (v1)',
          members: 1,
          presses: 2,
        },
      ],
      [BALISONG.title]: [
        underAge,
        { rule: scene.ruleIds.balisongs, label: 'Balisongs · CA · forbidden (v1)', members: 1, presses: 2 },
      ],
      [FOLDER.title]: [underAge],
    };
    const byRule = (a: { rule: string }, b: { rule: string }) => a.rule.localeCompare(b.rule);
    for (const rows of Object.values(expected)) rows.sort(byRule);
    let seen = '';
    // Refusals are written once a second, with the Buy attempts.
    const refusals = await eventually(
      async () => {
        const report = await api<ShowReport>(scene.admin, 'GET', `/api/shows/${scene.show.id}/report`);
        const counted = Object.fromEntries(
          (report.body.items ?? []).map((item) => [item.title, [...item.eligibilityRefusals].sort(byRule)]),
        );
        seen = JSON.stringify(counted);
        return isDeepStrictEqual(counted, expected) ? counted : false;
      },
      { within: 5000, every: 250, what: () => `the report's refusals (last seen ${seen})` },
    );
    expect(refusals).toEqual(expected);
  });
});
