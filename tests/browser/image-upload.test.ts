import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminShow, AdminShowItem } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInAdmin, onboardMember, toastText } from './support/browser-helpers';
import { expectNoOverflow, scheduleShow } from './support/member-helpers';

// The show item image upload as an admin uses it, in Debian's Chromium against the app started as a
// real process: files chosen with the "Choose images" button (by mouse and by keyboard) and
// dropped on the drop zone, progress per file on a throttled link, the server's refusal of a fake
// image, thumbnails in the form, the item created with the uploaded URLs, and the picture on the
// admin's grid and on a member's /show.

const SHOTS = '/tmp/shots18';
const SHOW = 'Upload Night';
const KNIFE = 'Photographed Bowie';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `upload-${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

interface Picture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real image file drawn by the browser's own canvas encoder (gradients and rings, like a photo has detail). */
async function drawPicture(page: Page, name: string, type: string, width: number, height: number): Promise<Picture> {
  const base64 = await page.evaluate(
    ([t, w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const gradient = ctx.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#1d2b3a');
      gradient.addColorStop(1, '#c9a45c');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w, h);
      for (let i = 0; i < 400; i++) {
        ctx.strokeStyle = `hsl(${(i * 37) % 360} 60% 60% / 0.5)`;
        ctx.beginPath();
        ctx.arc((i * 97) % w, (i * 57) % h, 5 + (i % 40), 0, Math.PI * 2);
        ctx.stroke();
      }
      return canvas.toDataURL(t, 0.95).split(',')[1] ?? '';
    },
    [type, width, height] as const,
  );
  return { name, mimeType: type, buffer: Buffer.from(base64, 'base64') };
}

/** Dispatches a real drop event carrying these files on the drop zone, as dragging them from the desktop does. */
async function dropFiles(zone: Locator, files: Picture[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString('base64') }));
  const transfer = await zone.page().evaluateHandle((items) => {
    const data = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return data;
  }, payload);
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Every <img> inside has loaded a real picture (the browser decoded it). */
async function expectLoaded(images: Locator): Promise<void> {
  await expect
    .poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toEqual(Array((await images.count()) || 1).fill(true));
}

describe('uploading show item images in Chromium: choose, drop, progress, thumbnails, and the item on /show', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let member: Page;
  let show: AdminShow;

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    member = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await Promise.all([
      onboardMember(app, member, 'mia@example.com'),
      (async () => {
        await admin.goto(`${app.baseUrl}/login`);
        await logInAdmin(app, admin);
      })(),
    ]);
    const created = await api<AdminShow>(admin, 'POST', '/api/shows', { title: SHOW, perKnifeSeconds: 60 });
    expect(created.status).toBe(201);
    show = created.body;
    // Scheduled: members see its lineup, pictures included, on /show before the launch.
    await scheduleShow(admin, show.id, Date.now() + 3 * 3600_000);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('uploads chosen and dropped images with progress, refuses a fake one, and creates the item with them', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('tab', { name: 'Show Items' }).click();
    await admin.getByRole('button', { name: 'Add Show Item' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Show Item' });
    const zone = dialog.getByRole('group', { name: 'Upload images' });
    const uploads = dialog.getByRole('list', { name: 'Uploads' });
    const images = dialog.getByRole('list', { name: 'Image URLs' }).getByRole('listitem');
    // What a screen reader is told, as it happens.
    const news = dialog.getByRole('log', { name: 'Upload news' });

    const front = await drawPicture(admin, 'bowie-front.jpg', 'image/jpeg', 2400, 1600);
    const back = await drawPicture(admin, 'bowie-back.png', 'image/png', 900, 700);
    const tip = await drawPicture(admin, 'bowie-tip.webp', 'image/webp', 1200, 1200);
    const grip = await drawPicture(admin, 'bowie-grip.png', 'image/png', 640, 480);
    expect(front.buffer.length).toBeGreaterThan(200_000);

    // A slow uplink (~300 KB/s), so each file's progress can be watched on its way.
    const cdp = await admin.context().newCDPSession(admin);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });

    // Two files at once through the hidden input behind "Choose images".
    await dialog.getByLabel('Image files').setInputFiles([front, back]);
    const frontBar = uploads.getByRole('progressbar', { name: 'Uploading bowie-front.jpg' });
    await frontBar.waitFor();
    await expect
      .poll(async () => Number(await frontBar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const midway = Number(await frontBar.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThan(100);
    await expect(dialog.getByRole('button', { name: 'Uploading...' }).isDisabled()).resolves.toBe(true);
    await uploads.scrollIntoViewIfNeeded();
    await shot(admin, 'progress');

    await expect.poll(() => images.count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => uploads.count()).toBe(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Named by their files, shown by their thumbnails.
    await images.filter({ hasText: 'bowie-front.jpg' }).waitFor();
    await images.filter({ hasText: 'bowie-back.png' }).waitFor();
    const thumbnails = images.locator('img');
    expect(await thumbnails.evaluateAll((all) => all.map((img) => img.getAttribute('src')))).toEqual([
      expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}\/thumb\.webp$/),
      expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}\/thumb\.webp$/),
    ]);
    await expectLoaded(thumbnails);
    for (const line of ['Uploading 2 images', 'bowie-front.jpg uploaded', 'bowie-back.png uploaded']) {
      await news.getByText(line, { exact: true }).waitFor({ state: 'attached' });
    }

    // Dropped on the zone: a WebP, and a text file dressed up as a JPEG, which the server refuses.
    const fake = { name: 'not-a-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Just text, honest.\n') };
    await dropFiles(zone, [tip, fake]);
    const refusal = uploads.getByRole('listitem').filter({ hasText: 'not-a-photo.jpg' });
    await refusal.getByText('not-a-photo.jpg is not a JPEG, PNG or WebP image').waitFor();
    await expect.poll(() => images.count()).toBe(3);
    await expect
      .poll(() => news.textContent())
      .toMatch(/not-a-photo\.jpg was not uploaded: not-a-photo\.jpg is not a JPEG, PNG or WebP image/);
    await expect.poll(() => news.textContent()).toMatch(/bowie-tip\.webp uploaded/);
    await refusal.scrollIntoViewIfNeeded();
    await shot(admin, 'refused');
    await refusal.getByRole('button', { name: 'Dismiss not-a-photo.jpg' }).click();
    await expect.poll(() => uploads.count()).toBe(0);

    // By keyboard: Tab from the video URL lands on "Choose images"; Enter opens the file chooser.
    // Listened for first: Playwright turns on its interception of file choosers asynchronously.
    const chooserOpened = admin.waitForEvent('filechooser');
    await dialog.getByLabel('Main video URL').focus();
    await admin.keyboard.press('Tab');
    const focused = await admin.evaluate(() => ({
      text: document.activeElement?.textContent?.trim(),
      visible: document.activeElement?.matches(':focus-visible'),
    }));
    expect(focused).toEqual({ text: 'Choose images', visible: true });
    await admin.keyboard.press('Enter');
    const chooser = await chooserOpened;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([grip]);
    await expect.poll(() => images.count()).toBe(4);

    // At 375 px the whole form, the zone included, fits the phone's width.
    await admin.setViewportSize({ width: 375, height: 812 });
    await expectNoOverflow(admin);
    await zone.scrollIntoViewIfNeeded();
    await shot(admin, 'dialog');
    await admin.setViewportSize({ width: 1280, height: 900 });
    await shot(admin, 'dialog');

    await dialog.getByLabel('Show', { exact: true }).selectOption({ label: SHOW });
    await dialog.getByLabel('Name').fill(KNIFE);
    await dialog.getByLabel('Price').fill('240');
    await dialog.getByLabel('Legal class').selectOption('fixed_blade');
    await dialog.getByLabel('Blade length (in)').fill('4.25');
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await toastText(admin, 'Show item created successfully!');

    const items = await api<AdminShowItem[]>(admin, 'GET', '/api/show-items');
    const item = items.body.find((i) => i.name === KNIFE);
    expect(item?.imageUrls).toHaveLength(4);
    for (const url of item?.imageUrls ?? []) expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}\/display\.webp$/);

    // The admin's grid shows its first picture (the display size, decoded by the browser).
    const card = admin.getByRole('list', { name: 'Show items' }).getByRole('listitem').filter({ hasText: KNIFE });
    await expect.poll(() => card.locator('img').getAttribute('src')).toBe(item?.imageUrls[0]);
    await expectLoaded(card.locator('img'));
    expect(await card.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1600);
    await shot(admin, 'grid');
  });

  it("shows the uploaded picture on a member's /show", async () => {
    await member.goto(`${app.baseUrl}/show`);
    const card = member.getByRole('list', { name: 'Lineup' }).getByRole('listitem').filter({ hasText: KNIFE });
    await card.waitFor();
    const picture = card.locator('img');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]{64}\/display\.webp$/);
    await expectLoaded(picture);
    await expectNoOverflow(member);
    await shot(member, 'member-show');
  });
});
