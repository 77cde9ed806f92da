import { PushPayload } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { renderPush } from './render';

const showId = '7d1c7a8e-2b57-4a3e-9a63-0f0b7f8c4e01';
const showItemId = '0a4f1d2c-93a1-4c55-8d0e-4b2f6a7c9e12';
const purchaseId = 'c3b2a1d0-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const shipmentId = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const drawId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

describe('push texts, made from each kind facts at delivery', () => {
  it('says the show is starting, then live, under one tag per show, and opens /show', () => {
    const soon = renderPush('show_starting', { showId, showTitle: 'Friday Forge', phase: 'soon' });
    const launch = renderPush('show_starting', { showId, showTitle: 'Friday Forge', phase: 'launch' });
    expect(soon).toEqual({
      kind: 'show_starting',
      title: 'Starting soon: Friday Forge',
      body: 'The show you asked about is about to start.',
      url: '/show',
      tag: `show_starting:${showId}`,
    });
    expect(launch).toMatchObject({ title: 'Live now: Friday Forge', url: '/show', tag: `show_starting:${showId}` });
  });

  it('names the hearted knife, next or on screen now, and opens /show', () => {
    expect(renderPush('hearted_next', { showId, showItemId, itemTitle: 'Bowie', position: 'next' })).toEqual({
      kind: 'hearted_next',
      title: 'Up next: Bowie',
      body: 'A knife you hearted is next. Tap to watch.',
      url: '/show',
      tag: `hearted_next:${showItemId}`,
    });
    expect(renderPush('hearted_next', { showId, showItemId, itemTitle: 'Bowie', position: 'now' })?.title).toBe(
      'On screen now: Bowie',
    );
  });

  it('tells the winner the knife is theirs and opens their orders', () => {
    expect(renderPush('won', { purchaseId, itemTitle: 'Damascus Chef Knife' })).toEqual({
      kind: 'won',
      title: 'You won Damascus Chef Knife',
      body: "It's yours. Your card was charged; see your order.",
      url: '/account?tab=orders',
      tag: `won:${purchaseId}`,
    });
  });

  it('counts the other items of a shipment', () => {
    const one = renderPush('shipped', { shipmentId, itemTitle: 'Bowie', items: 1 });
    expect(one).toMatchObject({
      title: 'Your order shipped',
      body: 'Bowie is on the way.',
      url: '/account?tab=orders',
    });
    expect(one?.tag).toBe(`shipped:${shipmentId}`);
    expect(renderPush('shipped', { shipmentId, itemTitle: 'Bowie', items: 2 })?.body).toBe(
      'Bowie and 1 more item is on the way.',
    );
    expect(renderPush('shipped', { shipmentId, itemTitle: 'Bowie', items: 4 })?.body).toBe(
      'Bowie and 3 more items are on the way.',
    );
  });

  it('opens the public draw page of a drawn draw', () => {
    expect(renderPush('draw_drawn', { drawId, showItemId, itemTitle: 'Kiritsuke' })).toEqual({
      kind: 'draw_drawn',
      title: 'Drawn: Kiritsuke',
      body: 'The draw you entered is drawn. See the order and check it yourself.',
      url: `/draws/${showItemId}`,
      tag: `draw_drawn:${drawId}`,
    });
  });

  it('shortens a long item title to fit the notification, and the result is a valid payload', () => {
    const pushed = renderPush('won', { purchaseId, itemTitle: 'A'.repeat(300) });
    expect(pushed?.title).toHaveLength(120);
    expect(pushed?.title.endsWith('…')).toBe(true);
    expect(PushPayload.safeParse(pushed).success).toBe(true);
  });

  it('refuses facts that are not its kind (the row is dropped, not retried)', () => {
    expect(renderPush('won', { itemTitle: 'Bowie' })).toBeNull();
    expect(renderPush('draw_drawn', { purchaseId, itemTitle: 'Bowie' })).toBeNull();
    expect(renderPush('shipped', { shipmentId, itemTitle: 'Bowie', items: 0 })).toBeNull();
  });
});
