import { describe, expect, it } from 'vitest';
import { createOrderedRunner } from './in-order';

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

describe('calls run in order per key', () => {
  it('starts a call only after the previous one with the same key settled, even when it failed', async () => {
    const inOrder = createOrderedRunner();
    const log: string[] = [];
    const slow = inOrder('heart', async () => {
      log.push('put start');
      await later(30, 0, true);
    });
    const fast = inOrder('heart', async () => {
      log.push('delete start');
      return later(1, 'deleted');
    });
    await expect(slow).rejects.toThrow();
    await expect(fast).resolves.toBe('deleted');
    expect(log).toEqual(['put start', 'delete start']);
  });

  it('does not hold back calls with another key', async () => {
    const inOrder = createOrderedRunner();
    const log: string[] = [];
    const a = inOrder('a', async () => {
      await later(30, 0);
      log.push('a');
    });
    const b = inOrder('b', async () => {
      log.push('b');
    });
    await Promise.all([a, b]);
    expect(log).toEqual(['b', 'a']);
  });
});
