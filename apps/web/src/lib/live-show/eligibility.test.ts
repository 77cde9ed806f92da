import type { CurrentItem, LineupEligibility } from '@vault/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureEligibility, forgetEligibility, markIneligible, refreshEligibility } from './eligibility';
import { mergeEligibility, refusalOf } from './eligibility-map';
import { showStateView } from './show-state.fixture';
import { useLiveShow } from './store';

const AUTO = '11111111-1111-4111-8111-111111111111';
const FOLDER = '22222222-2222-4222-8222-222222222222';
const TEST_PRODUCT = '33333333-3333-4333-8333-333333333333';
const SHOW = '6a4f2c1e-8b1d-4c3e-9f70-1a2b3c4d5e6f';
const toCa = 'Not available for delivery to CA: automatic knives';

const item = (eligibility?: CurrentItem['eligibility']): CurrentItem => ({
  id: AUTO,
  title: 'Night Switch',
  category: 'Automatic',
  bladeType: 'Drop point',
  description: null,
  price: '320.00',
  status: 'showing',
  imageUrls: [],
  mainVideoUrl: null,
  soldToUserId: null,
  legalClass: 'automatic',
  bladeLength: '3.25',
  saleMode: 'first_press',
  draw: null,
  ...(eligibility ? { eligibility } : {}),
});

describe('merging eligibility', () => {
  it('lets what arrives last win per item and keeps the items it does not name', () => {
    const held = { [AUTO]: { ok: true, reason: null }, [TEST_PRODUCT]: { ok: true, reason: null } };
    const merged = mergeEligibility(held, {
      [AUTO]: { ok: false, reason: toCa },
      [FOLDER]: { ok: true, reason: null },
    });
    expect(merged).toEqual({
      [AUTO]: { ok: false, reason: toCa },
      [FOLDER]: { ok: true, reason: null },
      [TEST_PRODUCT]: { ok: true, reason: null },
    });
    // The held map is not changed in place: subscribers see a new object.
    expect(held[AUTO]).toEqual({ ok: true, reason: null });
  });

  it('answers the held map itself when nothing changed, so a repeated push re-renders nothing', () => {
    const held = { [AUTO]: { ok: false, reason: toCa } };
    expect(mergeEligibility(held, { [AUTO]: { ok: false, reason: toCa } })).toBe(held);
    expect(mergeEligibility(held, {})).toBe(held);
  });

  it('gives a refusal its reason, a general one when the server gave none, and nothing when allowed or unknown', () => {
    const map = { [AUTO]: { ok: false, reason: toCa }, [FOLDER]: { ok: false, reason: null } };
    expect(refusalOf(map, AUTO)).toBe(toCa);
    expect(refusalOf(map, FOLDER)).toBe('You cannot buy this item');
    expect(refusalOf({ [AUTO]: { ok: true, reason: null } }, AUTO)).toBeUndefined();
    expect(refusalOf({}, AUTO)).toBeUndefined();
  });
});

describe('the eligibility in the live-show store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(100_000);
    useLiveShow.setState(useLiveShow.getInitialState());
    forgetEligibility();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("takes the current item's eligibility from a polled state, and keeps it when a push carries none", () => {
    const store = useLiveShow.getState();
    store.receive(showStateView({ step: 5 }, { currentItem: item({ ok: false, reason: toCa }) }));
    expect(refusalOf(useLiveShow.getState().eligibility, AUTO)).toBe(toCa);
    store.receive(showStateView({ step: 6 }, { currentItem: item() }));
    expect(refusalOf(useLiveShow.getState().eligibility, AUTO)).toBe(toCa);
  });

  it('ignores the eligibility of a state older than the one held', () => {
    const store = useLiveShow.getState();
    store.receive(showStateView({ step: 7 }, { currentItem: item({ ok: true, reason: null }) }));
    store.receive(showStateView({ step: 6 }, { currentItem: item({ ok: false, reason: toCa }) }));
    expect(useLiveShow.getState().eligibility[AUTO]).toEqual({ ok: true, reason: null });
  });

  it('merges a push into what is held, and a sign-out forgets it all', () => {
    const store = useLiveShow.getState();
    store.receiveEligibility({ [TEST_PRODUCT]: { ok: false, reason: 'Too young' } });
    store.receiveEligibility({ [AUTO]: { ok: false, reason: toCa }, [FOLDER]: { ok: true, reason: null } });
    expect(Object.keys(useLiveShow.getState().eligibility).sort()).toEqual([AUTO, FOLDER, TEST_PRODUCT]);
    forgetEligibility();
    expect(useLiveShow.getState().eligibility).toEqual({});
  });
});

/** A fetch whose answers the test releases, one per request, in the order it chooses. */
function heldAnswers() {
  const pending: ((body: LineupEligibility) => void)[] = [];
  const fetch = vi.fn(
    (_url: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        pending.push((body) => resolve(new Response(JSON.stringify(body))));
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (index: number, body: LineupEligibility) => pending[index]?.(body) };
}

const lineup = (items: LineupEligibility['items']): LineupEligibility => ({ showId: SHOW, items });

describe('asking the server for eligibility', () => {
  beforeEach(() => {
    useLiveShow.setState(useLiveShow.getInitialState());
    forgetEligibility();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks once for items it holds nothing for, and never again for ids the server left out', async () => {
    const server = heldAnswers();
    ensureEligibility([AUTO, FOLDER]);
    ensureEligibility([AUTO, FOLDER]);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(server.fetch.mock.calls[0]?.[0]).toBe('/api/show/eligibility');
    server.answer(0, lineup({ [AUTO]: { ok: false, reason: toCa } }));
    await vi.waitFor(() => expect(useLiveShow.getState().eligibility[AUTO]).toBeDefined());
    ensureEligibility([AUTO, FOLDER]);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    // A new id (the next show's lineup, the test products) is asked for.
    ensureEligibility([AUTO, TEST_PRODUCT]);
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  it('does not let a slow earlier answer undo a refresh made after an attestation', async () => {
    const server = heldAnswers();
    ensureEligibility([AUTO]);
    refreshEligibility();
    server.answer(1, lineup({ [AUTO]: { ok: true, reason: null } }));
    await vi.waitFor(() => expect(useLiveShow.getState().eligibility[AUTO]).toEqual({ ok: true, reason: null }));
    server.answer(0, lineup({ [AUTO]: { ok: false, reason: 'Ask us to verify your armed-forces status' } }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useLiveShow.getState().eligibility[AUTO]).toEqual({ ok: true, reason: null });
  });

  it('shows a refused Buy as not eligible at once, then asks for the whole map', async () => {
    const server = heldAnswers();
    markIneligible(AUTO, toCa);
    expect(refusalOf(useLiveShow.getState().eligibility, AUTO)).toBe(toCa);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('drops an answer that does not match the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ showId: SHOW, items: { [AUTO]: { ok: 'no' } } }))),
    );
    refreshEligibility();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useLiveShow.getState().eligibility).toEqual({});
  });

  it('drops an answer for the member who signed out before it arrived', async () => {
    const server = heldAnswers();
    ensureEligibility([AUTO]);
    forgetEligibility();
    server.answer(0, lineup({ [AUTO]: { ok: false, reason: toCa } }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(useLiveShow.getState().eligibility).toEqual({});
  });
});
