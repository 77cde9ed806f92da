import { describe, expect, it } from 'vitest';
import { createTimerScheduler } from './driver';

describe("embedded mode's timer clock", () => {
  it('does not wake a show launching in a month at once (setTimeout overflows past ~24.8 days)', async () => {
    const wakes: string[] = [];
    const scheduler = createTimerScheduler(async (showId) => void wakes.push(showId));
    await scheduler.schedule('far', 0, Date.now() + 30 * 24 * 3600 * 1000);
    await scheduler.schedule('near', 0, Date.now() + 5);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await scheduler.close();
    expect(wakes).toEqual(['near']);
  });
});
