import { ShowStateView } from '@vault/contracts';
import type { Show, ShowItem } from '@vault/db';
import { describe, expect, it } from 'vitest';
import { prepareView, type ShowSnapshot } from './snapshot';

const T0 = Date.UTC(2026, 10, 24, 20, 0, 0);

const show = (overrides: Partial<Show>): Show => ({
  id: '6f1c1c2e-0d7a-4b7e-9a51-1c2d3e4f5a6b',
  kind: 'live',
  title: 'Winter "Forge" — run',
  description: 'Line one\nline two',
  status: 'running',
  currentIndex: 1,
  phase: 'showing',
  launchTime: new Date(T0 - 60_000),
  perKnifeSeconds: 60,
  intermissionSeconds: 15,
  prerollSeconds: 10,
  soldHoldSeconds: 5,
  purchaseCap: 2,
  nextInLine: true,
  phaseEndsAt: new Date(T0 + 42_000),
  pausedRemainingMs: null,
  step: 7,
  createdAt: new Date(T0 - 86_400_000),
  updatedAt: new Date(T0),
  ...overrides,
});

const item = (index: number, overrides: Partial<ShowItem> = {}): ShowItem => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  showId: '6f1c1c2e-0d7a-4b7e-9a51-1c2d3e4f5a6b',
  title: `Knife ${index}`,
  description: null,
  price: '450.00',
  mainVideoUrl: null,
  imageUrls: [`https://img.example/${index}.jpg`],
  category: 'Fixed',
  bladeType: null,
  steelType: null,
  blade: null,
  handlesSpec: null,
  hardwareSpec: null,
  clipSpec: null,
  breakerSpec: null,
  legalClass: index === 2 ? null : 'automatic',
  bladeLength: index === 2 ? null : '3.25',
  saleMode: 'first_press',
  drawWindowSeconds: null,
  orderIndex: index,
  status: 'queued',
  soldToUserId: null,
  soldAt: null,
  claimId: null,
  relistedFromItemId: null,
  createdAt: new Date(T0),
  updatedAt: new Date(T0),
  ...overrides,
});

const items = [
  item(0, { status: 'sold', soldToUserId: '00000000-0000-4000-8000-0000000000aa' }),
  item(1, { status: 'showing' }),
  item(2),
];
const snapshots: Array<[string, ShowSnapshot | null]> = [
  ['no show', null],
  [
    'a scheduled show',
    {
      show: show({
        status: 'scheduled',
        phase: 'preroll',
        currentIndex: 0,
        launchTime: new Date(T0 + 300_000),
        phaseEndsAt: null,
      }),
      items,
    },
  ],
  ['a running show mid-item', { show: show({}), items }],
  [
    'a sale being authorised',
    {
      show: show({}),
      items: [
        items[0] as ShowItem,
        item(1, { status: 'showing', claimId: 'c1', soldToUserId: '00000000-0000-4000-8000-0000000000bb' }),
        item(2),
      ],
    },
  ],
  ['a paused show', { show: show({ status: 'paused', phaseEndsAt: null, pausedRemainingMs: 12_345 }), items }],
  ['an intermission', { show: show({ phase: 'intermission' }), items }],
];

describe('the prepared show-state view', () => {
  it.each(snapshots)('serialises %s exactly as JSON.stringify of its view, at any time', (_name, snapshot) => {
    const prepared = prepareView(snapshot);
    for (const now of [T0 - 1_000_000, T0, T0 + 41_999, T0 + 42_000, T0 + 1_000_000]) {
      const view = prepared.view(now);
      expect(prepared.json(now)).toBe(JSON.stringify(view));
      expect(ShowStateView.parse(JSON.parse(prepared.json(now)))).toEqual(view);
      expect(view.serverTime).toBe(now);
      // A member's own eligibility joins the current item (and only it), the rest byte for byte.
      const eligibility = { ok: false, reason: 'Not available for delivery to CA: automatic knives' };
      const own = prepared.json(now, `"eligibility":${JSON.stringify(eligibility)}`);
      const expected = view.currentItem ? { ...view, currentItem: { ...view.currentItem, eligibility } } : view;
      expect(own).toBe(JSON.stringify(expected));
    }
  });

  it("gives an entrant their own entry number in the current item's draw, and everyone else none", () => {
    const drawn = item(1, { status: 'showing', saleMode: 'draw', drawWindowSeconds: 20 });
    const draw = {
      id: '7a1c1c2e-0d7a-4b7e-9a51-1c2d3e4f5a6b',
      showItemId: drawn.id,
      showId: drawn.showId,
      seed: 'a'.repeat(64),
      commitment: 'b'.repeat(64),
      status: 'open' as const,
      openedAt: new Date(T0 - 5_000),
      closesAt: new Date(T0 + 15_000),
      pausedRemainingMs: null,
      closedAt: null,
      entryCount: null,
      drawOrder: null,
      winnerEntryNumber: null,
      purchaseId: null,
      createdAt: new Date(T0 - 5_000),
      updatedAt: new Date(T0 - 5_000),
    };
    const prepared = prepareView({ show: show({}), items: [items[0] as ShowItem, drawn, item(2)], draw });
    const shared = prepared.view(T0);
    const publicDraw = { id: draw.id, commitment: draw.commitment, closesAt: T0 + 15_000, status: 'open' };
    expect(shared.currentItem?.draw).toEqual({ ...publicDraw, entered: false, entryNumber: null });
    expect(JSON.stringify(shared)).not.toContain(draw.seed);
    expect(prepared.json(T0, undefined, null)).toBe(JSON.stringify(shared));
    const eligibility = { ok: true, reason: null };
    const own = ShowStateView.parse(JSON.parse(prepared.json(T0, `"eligibility":${JSON.stringify(eligibility)}`, 17)));
    expect(own.currentItem).toEqual({
      ...shared.currentItem,
      draw: { ...publicDraw, entered: true, entryNumber: 17 },
      eligibility,
    });
  });

  it('counts the clock down from the snapshot and never below zero', () => {
    const running = prepareView({ show: show({}), items });
    expect(running.view(T0).timeRemaining).toBe(42_000);
    expect(running.view(T0 + 40_000).timeRemaining).toBe(2_000);
    expect(running.view(T0 + 50_000).timeRemaining).toBe(0);
    const paused = prepareView({
      show: show({ status: 'paused', phaseEndsAt: null, pausedRemainingMs: 12_345 }),
      items,
    });
    expect(paused.view(T0 + 99_000).timeRemaining).toBe(12_345);
    const scheduled = prepareView({ show: show({ status: 'scheduled', launchTime: new Date(T0 + 300_000) }), items });
    expect(scheduled.view(T0).timeUntilLaunch).toBe(300_000);
    expect(scheduled.view(T0).scheduled).toBe(true);
  });

  it('shows a sale being authorised as still on sale, to no one', () => {
    const view = prepareView(snapshots[3]?.[1] ?? null).view(T0);
    expect(view.currentItem).toMatchObject({ status: 'showing', soldToUserId: null });
    expect(view.show?.lineup.map((i) => i.status)).toEqual(['sold', 'showing', 'queued']);
  });

  it('names the item up next while a live show waits for it, and none otherwise', () => {
    const at = (overrides: Partial<Show>) => prepareView({ show: show(overrides), items }).view(T0).show?.nextItemId;
    expect(at({ phase: 'preroll', currentIndex: 0 })).toBe(items[0]?.id);
    expect(at({ phase: 'intermission', currentIndex: 1 })).toBe(items[2]?.id);
    expect(at({ phase: 'intermission', currentIndex: 2 })).toBeNull();
    expect(at({ phase: 'showing' })).toBeNull();
    expect(at({ status: 'scheduled', phase: 'preroll', currentIndex: 0 })).toBeNull();
  });
});
