import { describe, expect, it } from 'vitest';
import { moveItem } from './lineup';

describe('moveItem', () => {
  const lineup = ['a', 'b', 'c', 'd'];

  it('moves an item one place up or down', () => {
    expect(moveItem(lineup, 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(lineup, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(lineup, 2, 1)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('changes nothing past either end or for an unknown index', () => {
    expect(moveItem(lineup, 0, -1)).toEqual(lineup);
    expect(moveItem(lineup, 3, 1)).toEqual(lineup);
    expect(moveItem(lineup, 9, -1)).toEqual(lineup);
  });

  it('never mutates the lineup it was given', () => {
    const before = [...lineup];
    moveItem(lineup, 1, 1);
    expect(lineup).toEqual(before);
  });
});
