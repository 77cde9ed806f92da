import { describe, expect, it } from 'vitest';
import { createKeyRing, randomKey } from './idempotency';

const ring = () => {
  let n = 0;
  return createKeyRing(() => `key-${++n}`);
};

describe('Idempotency-Key per purchase attempt', () => {
  it('reuses the key when a purchase is retried after an unknown outcome', () => {
    const keys = ring();
    const first = keys.keyFor('item-a');
    keys.settle('item-a', true);
    expect(keys.keyFor('item-a')).toBe(first);
  });

  it('starts a fresh key once the answer was definite', () => {
    const keys = ring();
    const first = keys.keyFor('item-a');
    keys.settle('item-a', false);
    expect(keys.keyFor('item-a')).not.toBe(first);
  });

  it('keeps one key per item', () => {
    const keys = ring();
    expect(keys.keyFor('item-a')).not.toBe(keys.keyFor('item-b'));
  });

  it('makes keys the server accepts (8 to 100 characters)', () => {
    const key = randomKey();
    expect(key.length).toBeGreaterThanOrEqual(8);
    expect(key.length).toBeLessThanOrEqual(100);
    expect(randomKey()).not.toBe(key);
  });
});
