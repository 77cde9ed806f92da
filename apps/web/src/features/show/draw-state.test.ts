import type { CurrentDraw, CurrentItem } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { drawStage, shortHash } from './draw-state';

const ME = '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OTHER = '2e3f4051-6b7c-4d8e-9f0a-1b2c3d4e5f60';

const draw = (over: Partial<CurrentDraw> = {}): CurrentDraw => ({
  id: '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22',
  commitment: 'c'.repeat(64),
  closesAt: 100_000,
  status: 'open',
  entered: false,
  entryNumber: null,
  ...over,
});
const item = (d: CurrentDraw, over: Partial<Pick<CurrentItem, 'status' | 'soldToUserId'>> = {}) => ({
  status: 'showing' as const,
  soldToUserId: null,
  draw: d,
  ...over,
});
const entered = { entered: true, entryNumber: 17 };

describe('where a draw stands for the member', () => {
  it('is open with the time left, then shows their entry once they are in', () => {
    expect(drawStage(item(draw()), ME, 12_000)).toEqual({ stage: 'open', entryNumber: null, msLeft: 12_000 });
    expect(drawStage(item(draw(entered)), ME, 12_000)).toEqual({ stage: 'open', entryNumber: 17, msLeft: 12_000 });
    expect(drawStage(item(draw({ closesAt: null })), ME, null)).toEqual({
      stage: 'open',
      entryNumber: null,
      msLeft: null,
    });
  });

  it('reads Drawing… once the window has closed, by the server or by the clock', () => {
    expect(drawStage(item(draw({ ...entered, status: 'drawing' })), ME, 0)).toEqual({
      stage: 'drawing',
      entryNumber: 17,
    });
    expect(drawStage(item(draw()), ME, 0)).toEqual({ stage: 'drawing', entryNumber: null });
  });

  it('tells the winner, an entrant who lost, and a member who never entered apart', () => {
    const drawn = (d: Partial<CurrentDraw>, buyer: string) =>
      item(draw({ status: 'drawn', ...d }), { status: 'sold', soldToUserId: buyer });
    expect(drawStage(drawn(entered, ME), ME, 0)).toEqual({ stage: 'won' });
    expect(drawStage(drawn(entered, OTHER), ME, 0)).toEqual({ stage: 'lost', entryNumber: 17 });
    expect(drawStage(drawn({}, OTHER), ME, 0)).toEqual({ stage: 'sold' });
  });

  it('says when the draw closed with no winner or was cancelled, and nothing for a first-press item', () => {
    expect(drawStage(item(draw({ status: 'no_winner' })), ME, 0)).toEqual({ stage: 'no_winner', entryNumber: null });
    expect(drawStage(item(draw({ status: 'cancelled' })), ME, 5000)).toEqual({ stage: 'cancelled' });
    expect(drawStage({ status: 'showing', soldToUserId: null, draw: null }, ME, null)).toBeUndefined();
  });

  it('shortens a commitment to both of its ends', () => {
    const hex = '0123456789abcdef'.repeat(4);
    expect(shortHash(hex)).toBe('0123456789…abcdef');
  });
});
