import { describe, expect, it } from 'vitest';
import { nextItemIndex } from './lineup';

const showAt = (phase: 'preroll' | 'showing' | 'intermission', currentIndex: number) => ({ phase, currentIndex });

describe('which item is up next', () => {
  it('is the first item during the preroll and the one after the current during an intermission', () => {
    expect(nextItemIndex(showAt('preroll', 0))).toBe(0);
    expect(nextItemIndex(showAt('intermission', 0))).toBe(1);
    expect(nextItemIndex(showAt('intermission', 1))).toBe(2);
    expect(nextItemIndex(showAt('showing', 1))).toBeNull();
  });
});
