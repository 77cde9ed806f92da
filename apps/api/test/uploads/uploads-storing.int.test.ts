import { AdminShowItem, thumbnailUrlOf, UploadResponse, uploadMessages } from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS, type SeededMember } from '@vault/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';
import { picture, samplePictures, uploadCalls } from './uploads-support';

// What an accepted upload becomes: resized WebP variants, upright and without metadata, one row per
// file, served with long caching, and used as a show item's images.

describe.each(backends)('image upload on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let jpeg: Buffer;
  let png: Buffer;
  let webp: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    ({ admin } = await seedCustomerAndAdmin(t));
    ({ jpeg, png, webp } = await samplePictures());
  });
  afterAll(async () => {
    await t?.close();
  });

  const { upload, image, imageCount, decoded, refusal } = uploadCalls(() => ({ t, admin }));

  it('stores a JPEG, a PNG and a WebP sent at once, resized to the display size and a thumbnail, both WebP', async () => {
    const res = await upload([
      { filename: 'landscape.jpg', bytes: jpeg, type: 'image/jpeg' },
      { filename: 'small.png', bytes: png, type: 'image/png' },
      { filename: 'tall.webp', bytes: webp, type: 'image/webp' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { images } = UploadResponse.parse(res.json());
    // In the order sent; the size is the display variant's (never enlarged).
    expect(images.map(({ width, height }) => [width, height])).toEqual([
      [1600, 1067],
      [800, 600],
      [667, 1600],
    ]);
    const thumbnails = [
      [400, 267],
      [400, 300],
      [167, 400],
    ];
    for (const [i, img] of images.entries()) {
      expect(img.url).toBe(`/api/images/${img.id}/display.webp`);
      expect(img.thumbnailUrl).toBe(thumbnailUrlOf(img.url));
      const display = await image(img.url);
      expect(display.statusCode).toBe(200);
      expect(await decoded(display)).toMatchObject({ width: img.width, height: img.height, format: 'webp' });
      const [tw, th] = thumbnails[i] ?? [];
      expect(await decoded(await image(img.thumbnailUrl))).toMatchObject({ width: tw, height: th, format: 'webp' });
    }
    // The original is not kept: the display picture is far smaller than the 3000 × 2000 JPEG.
    const row = await t.database.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', images[0]?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.display.byteLength).toBeLessThan(jpeg.length / 2);
    expect(row.thumbnail.byteLength).toBeLessThan(row.display.byteLength);
    expect(row.uploadedBy).toBe(admin.userId);
  });

  it('turns a photo upright by its EXIF orientation and keeps none of its metadata (no GPS position)', async () => {
    // Stored sideways, 300 × 200, with "rotate 90° to view" (orientation 6), a camera and a GPS position.
    const phone = await picture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    const original = await sharp(phone).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.toString('latin1')).toContain('PhoneCo');

    const res = await upload([{ filename: 'IMG_0001.jpg', bytes: phone, type: 'image/jpeg' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = UploadResponse.parse(res.json()).images;
    expect(stored).toMatchObject({ width: 200, height: 300 });
    for (const url of [stored?.url ?? '', stored?.thumbnailUrl ?? '']) {
      const served = await image(url);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.rawPayload.includes('PhoneCo')).toBe(false);
      expect(served.rawPayload.includes('GPS')).toBe(false);
    }
  });

  it('keeps one row for the same file uploaded twice, under the same id', async () => {
    const once = UploadResponse.parse((await upload([{ filename: 'a.png', bytes: png }])).json());
    const before = await imageCount();
    const twice = await upload([{ filename: 'renamed-copy.png', bytes: png }]);
    expect(twice.statusCode).toBe(201);
    expect(UploadResponse.parse(twice.json())).toEqual(once);
    expect(await imageCount()).toBe(before);
    // Twice in one request, too.
    const both = UploadResponse.parse(
      (
        await upload([
          { filename: 'x.webp', bytes: webp },
          { filename: 'y.webp', bytes: webp },
        ])
      ).json(),
    );
    expect(both.images[0]?.id).toBe(both.images[1]?.id);
    expect(await imageCount()).toBe(before);
  });

  it('serves both variants to anyone with immutable caching, an ETag and 304 revalidation', async () => {
    const [img] = UploadResponse.parse((await upload([{ filename: 'a.webp', bytes: webp }])).json()).images;
    if (!img) throw new Error('no image');
    for (const url of [img.url, img.thumbnailUrl]) {
      // No cookie: members' pages and the admin's alike load it as a plain <img>.
      const res = await image(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBe(`"${img.id}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

      for (const tag of [`"${img.id}"`, `W/"${img.id}"`, `"other", "${img.id}"`]) {
        const again = await image(url, { 'if-none-match': tag });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(`"${img.id}"`);
        expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await image(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    }
    const unknown = await image(`/api/images/${'0'.repeat(64)}/display.webp`);
    expect(unknown.statusCode).toBe(404);
    expect(refusal(unknown)).toEqual({ message: uploadMessages.unknownImage, code: 'not_found' });
    // Not cached: those bytes may yet be uploaded, and then this URL serves them.
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.headers.etag).toBeUndefined();
    expect((await image(`/api/images/${img.id}/original.jpg`)).statusCode).toBe(400);
    expect((await image('/api/images/not-an-id/display.webp')).statusCode).toBe(400);
  });

  it('creates a show item whose images are the uploaded URLs, and records the upload in the audit log', async () => {
    const [img] = UploadResponse.parse((await upload([{ filename: 'blade.jpg', bytes: jpeg }])).json()).images;
    if (!img) throw new Error('no image');
    const headers = { origin: ORIGIN, cookie: admin.cookie };
    const show = await t.app.inject({
      method: 'POST',
      url: '/api/shows',
      headers,
      payload: { title: 'Uploads', perKnifeSeconds: 60 },
    });
    expect(show.statusCode).toBe(201);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/show-items',
      headers,
      payload: {
        showId: show.json().id,
        title: 'Uploaded Blade',
        price: '99.00',
        imageUrls: [img.url],
        ...DEFAULT_KNIFE_FACTS,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(AdminShowItem.parse(created.json()).imageUrls).toEqual([img.url]);
    expect((await image(AdminShowItem.parse(created.json()).imageUrls[0] ?? '')).statusCode).toBe(200);

    // The upload's record is written before it runs; the image it stored is in its outcome.
    const audit = await t.database.db
      .selectFrom('adminAudit')
      .innerJoin('adminAuditOutcomes', 'auditId', 'id')
      .selectAll('adminAudit')
      .where('action', '=', 'image.upload')
      .where('adminAuditOutcomes.targetId', '=', img.id)
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0]).toMatchObject({ targetType: 'image', adminUserId: admin.userId });
  });
});
