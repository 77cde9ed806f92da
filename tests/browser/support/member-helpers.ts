import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminShow } from '@vault/contracts';
import { apiWriter, buildShow } from '@vault/testing';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './browser-helpers';

// What the member-feature tests (hearts, reminders, caps) need besides the shared helpers: a scheduled show with
// a lineup, keyboard navigation, the 375 px overflow check and screenshots into /tmp/shots.

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** A screenshot of the page as it is, named by its width: /tmp/shots/<name>-<width>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

/** Nothing sticks out sideways: at 375 px a member never has to scroll horizontally. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/**
 * Presses Tab until the focused element has this accessible label (aria-label or text), as a
 * keyboard user would, and checks the focus is visible there. Fails after `max` presses.
 */
export async function tabTo(page: Page, name: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
        visible: el?.matches(':focus-visible') ?? false,
      };
    });
    if (focused.name === name) {
      expect(focused.visible).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached "${name}"`);
}

export interface Knife {
  title: string;
  price: string;
  images: string[];
}

/** Creates a show with these knives in lineup order (through the admin API), and returns it. */
export async function createShow(
  admin: Page,
  title: string,
  timings: { perKnifeSeconds: number; intermissionSeconds: number; prerollSeconds: number },
  knives: Knife[],
): Promise<AdminShow> {
  let created: AdminShow | undefined;
  const writer = apiWriter(async (url, body) => {
    if (url === '/api/shows') {
      const reply = await api<AdminShow>(admin, 'POST', url, body);
      expect(reply.status).toBe(201);
      created = reply.body;
      return reply.body;
    }
    const item = await api<{ id: string }>(admin, 'POST', url, body);
    expect(item.status).toBe(201);
    return item.body;
  });
  await buildShow(writer, {
    title,
    ...timings,
    items: knives.map((knife) => ({
      title: knife.title,
      price: knife.price,
      category: 'Fixed Blade',
      description: 'A knife for the member features check.',
      imageUrls: knife.images,
    })),
  });
  if (!created) throw new Error('the show was not created');
  return created;
}

/** Schedules the show to launch at `launchAt` (epoch ms). */
export async function scheduleShow(admin: Page, showId: string, launchAt: number): Promise<void> {
  const reply = await api(admin, 'PATCH', `/api/shows/${showId}/schedule`, {
    launchTime: new Date(launchAt).toISOString(),
    status: 'scheduled',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}
