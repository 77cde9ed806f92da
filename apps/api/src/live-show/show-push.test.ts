import { applyJsonPatch, type ShowStateView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { nextPush } from './show-push';

const empty: ShowStateView = {
  active: false,
  scheduled: false,
  timeUntilLaunch: 0,
  timeRemaining: 0,
  currentItem: null,
  show: null,
  serverTime: 1000,
};
const lineup = Array.from({ length: 6 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  title: `Knife ${i}`,
  price: '450.00',
  status: i === 0 ? ('showing' as const) : ('queued' as const),
  imageUrls: [`https://img.example/${i}-a.jpg`, `https://img.example/${i}-b.jpg`],
  legalClass: 'manual_folder' as const,
  bladeLength: '3.50',
}));
const live: ShowStateView = {
  active: true,
  scheduled: false,
  timeUntilLaunch: 0,
  timeRemaining: 60_000,
  currentItem: {
    ...lineup[0],
    id: lineup[0]?.id ?? '',
    title: 'Knife 0',
    price: '450.00',
    status: 'showing',
    imageUrls: [],
    category: null,
    bladeType: null,
    description: null,
    mainVideoUrl: null,
    soldToUserId: null,
    legalClass: 'manual_folder',
    bladeLength: '3.50',
    saleMode: 'first_press',
    draw: null,
  },
  show: {
    id: '6f1c1c2e-0d7a-4b7e-9a51-1c2d3e4f5a6b',
    title: 'Winter run',
    description: null,
    status: 'running',
    phase: 'showing',
    currentIndex: 0,
    nextItemId: null,
    lineup,
    perKnifeSeconds: 60,
    purchaseCap: null,
    phaseEndsAt: 61_000,
    launchTime: 0,
    step: 3,
  },
  serverTime: 1000,
};
const json = (view: ShowStateView) => JSON.stringify(view);

describe('what a change pushes', () => {
  it('sends a Sold as a few ops from the previous push, numbered after it', () => {
    const sold: ShowStateView = {
      ...live,
      timeRemaining: 5000,
      serverTime: 2000,
      currentItem: live.currentItem && {
        ...live.currentItem,
        status: 'sold',
        soldToUserId: '00000000-0000-4000-8000-0000000000aa',
      },
      show: live.show && {
        ...live.show,
        step: 4,
        phaseEndsAt: 7000,
        lineup: lineup.map((item, i) => (i === 0 ? { ...item, status: 'sold' } : item)),
      },
    };
    const push = nextPush({ rev: 7, view: live }, sold, json(sold));
    if (push.event !== 'change') throw new Error(`sent ${push.event}`);
    expect(push.change).toMatchObject({ base: 7, rev: 8 });
    expect(JSON.stringify(push.change).length).toBeLessThan(json(sold).length / 3);
    expect(applyJsonPatch(live, push.change.ops)).toEqual(sold);
    expect(push.pushed).toEqual({ rev: 8, view: sold });
  });

  it('sends the whole view when it is smaller than the change: the show ended', () => {
    const ended = { ...empty, serverTime: 5 };
    const push = nextPush({ rev: 1, view: live }, ended, json(ended));
    expect(push).toEqual({ event: 'state', view: ended, rev: 2, pushed: { rev: 2, view: ended } });
  });
});
