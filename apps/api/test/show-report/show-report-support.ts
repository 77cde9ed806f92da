import type { ShowReport } from '@vault/contracts';
import {
  type Backend,
  DEFAULT_KNIFE_FACTS,
  type SeededMember,
  type SimulatedCard,
  seedOnboardedMembers,
} from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, buyAs, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

export const TITLES = [
  'Raven Tanto',
  '=HYPERLINK("http://evil.example","click")',
  'Glacier, "Clip" Point',
  'Nomad Bowie',
];
export const PRICES = ['120.00', '75.50', '99.99', '40.00'];

export const round1 = (ms: number) => Math.round(ms / 100) / 10;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Shared by the show report tests: the report's calls as the admin, members seeded onboarded, the
// watchers sample after a transition, and the show the long report test drives.

interface Opened {
  t: TestApp;
  /** Scaled: a second replica that hears every transition and competes for each sample. */
  other: FastifyInstance | undefined;
  admin: SeededMember;
}

/** The app (and, scaled, a sibling replica) with an admin. */
export async function openReportApp(backend: Backend): Promise<Opened> {
  // No periodic sample within the test: every watchers event is the one taken after a transition.
  const t = await buildTestApp(backend, { listen: true, config: { watcherSampleMs: 600_000 } });
  const other = backend === 'postgres' ? await t.sibling({ ownBus: true }) : undefined;
  const { admin } = await seedCustomerAndAdmin(t);
  return { t, other, admin };
}

/** The app for the describe block that calls this, opened before its tests and closed after them. */
export function useReportApp(backend: Backend) {
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await openReportApp(backend);
  });
  afterAll(async () => {
    await opened?.t.close();
  });
  return reportHelpers(() => {
    if (!opened) throw new Error('the report app opens in beforeAll');
    return opened;
  });
}

export function reportHelpers(opened: () => Opened) {
  const db = () => opened().t.database.db;
  const members = (count: number, card: SimulatedCard = 'approve') =>
    seedOnboardedMembers(db(), { count, sessionSecret: opened().t.app.config.sessionSecret, card });
  const one = async (card: SimulatedCard = 'approve') => {
    const [member] = await members(1, card);
    if (!member) throw new Error('setup');
    return member;
  };
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    opened().t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: opened().admin.cookie },
      ...(payload ? { payload } : {}),
    });
  const buy = (member: SeededMember, showItemId: string, app: FastifyInstance = opened().t.app) =>
    buyAs(app, member, showItemId);
  const report = async (showId: string): Promise<ShowReport> => {
    await opened().t.app.sales.attempts.flush();
    await opened().other?.sales.attempts.flush();
    const res = await asAdmin('GET', `/api/shows/${showId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const showRow = (showId: string) =>
    db().selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow();
  const events = (showId: string) =>
    db().selectFrom('showEvents').selectAll().where('showId', '=', showId).orderBy('id').execute();

  /** The watchers sample taken right after the transition to the show's current step. */
  async function sampleAfterTransition(showId: string): Promise<number> {
    const { step } = await showRow(showId);
    let count: number | undefined;
    await expect
      .poll(
        async () => {
          const samples = (await events(showId)).filter((e) => e.type === 'watchers' && e.step === step);
          count = samples[0]?.payload.count as number | undefined;
          return samples.length;
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe(1);
    return count ?? -1;
  }

  /** Each item's purchase id (empty when it has none), for capturing and voiding them. */
  async function purchaseIdsByItem(itemIds: string[]) {
    const purchases = await db()
      .selectFrom('purchases')
      .select(['id', 'showItemId'])
      .where('showItemId', 'in', itemIds)
      .execute();
    return (itemId: string) => purchases.find((p) => p.showItemId === itemId)?.id ?? '';
  }

  return { db, members, one, asAdmin, buy, report, showRow, events, sampleAfterTransition, purchaseIdsByItem };
}

/**
 * The show the report test drives: four items (one title a formula, one with a comma and quotes),
 * six members (three onboarded with an approving card, one declining, one not onboarded) and three
 * hearts on the third item. Any show left live by an earlier test is reset first.
 */
export async function seedReportNight(t: TestApp, { members, one }: ReturnType<typeof reportHelpers>) {
  // Nothing moves by itself: the test moves the clock.
  const db = t.database.db;
  const live = await db.selectFrom('shows').select('id').where('status', 'in', ['running', 'paused']).execute();
  for (const s of live) await t.app.shows.driver.command(s.id, { type: 'reset' });
  const show = await db
    .insertInto('shows')
    .values({
      title: 'Report Night: Spring Drop',
      perKnifeSeconds: 600,
      prerollSeconds: 0,
      intermissionSeconds: 600,
      soldHoldSeconds: 600,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const items = await db
    .insertInto('showItems')
    .values(
      TITLES.map((title, i) => ({
        showId: show.id,
        title,
        price: PRICES[i] ?? '1.00',
        orderIndex: i,
        ...DEFAULT_KNIFE_FACTS,
      })),
    )
    .returningAll()
    .execute();
  items.sort((a, b) => a.orderIndex - b.orderIndex);
  const [item0, item1, item2, item3] = items;
  if (!item0 || !item1 || !item2 || !item3) throw new Error('setup');
  const [winner, rival, rival2] = await members(3);
  const second = await one();
  const decliner = await one('decline-charge');
  const newcomer = await one();
  if (!winner || !rival || !rival2) throw new Error('setup');
  await db.updateTable('users').set({ onboardingCompleted: false }).where('id', '=', newcomer.userId).execute();
  await db
    .insertInto('itemHearts')
    .values([winner, rival, second].map((m) => ({ showItemId: item2.id, userId: m.userId })))
    .execute();
  return { show, item0, item1, item2, item3, winner, rival, rival2, second, decliner, newcomer };
}
