import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { crc32 } from 'node:zlib';
import {
  AdminShowItem,
  ErrorBody,
  thumbnailUrlOf,
  UploadResponse,
  uploadLimits,
  uploadMessages,
} from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenUrl, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

interface FilePart {
  filename: string;
  bytes: Buffer;
  /** The declared type: the sender's word, which the server must not trust. */
  type?: string;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function form(files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----VaultTest${randomUUID()}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.filename}"\r\n` +
        `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A photo-like picture (smooth gradients plus grain, so it neither compresses to nothing nor is pure noise). */
function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (x * 7919 + y * 104729) % 23;
      raw[i] = (x * 255) / width + grain;
      raw[i + 1] = (y * 255) / height + grain;
      raw[i + 2] = ((x + y) * 127) / (width + height) + grain;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A PNG that claims 100,000 × 100,000 pixels in a few dozen bytes: decoding it would need 30 GB. */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(100_000, 16); // IHDR width
  png.writeUInt32BE(100_000, 20); // IHDR height
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29); // IHDR's CRC over type + data
  return png;
}

describe.each(backends)('image upload on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let jpeg: Buffer;
  let png: Buffer;
  let webp: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    ({ admin, customer } = await seedCustomerAndAdmin(t));
    // Landscape larger than the display size, a small PNG, a tall WebP.
    jpeg = await picture(3000, 2000).jpeg({ quality: 90 }).toBuffer();
    png = await picture(800, 600).png().toBuffer();
    webp = await picture(1000, 2400).webp().toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (files: FilePart[], headers: Record<string, string> = { origin: ORIGIN, cookie: admin.cookie }) => {
    const body = form(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const image = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const imageCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Width, height and format of a served variant, decoded. */
  const decoded = async (res: LightMyRequestResponse) => {
    const meta = await sharp(res.rawPayload).metadata();
    return { width: meta.width, height: meta.height, format: meta.format, exif: meta.exif, icc: meta.icc };
  };
  const refusal = (res: LightMyRequestResponse) => ErrorBody.parse(res.json());

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

  it('judges a file by its content: text named .jpg, a truncated JPEG and a PDF are refused, and nothing is stored', async () => {
    const before = await imageCount();
    const text = await upload([{ filename: 'notes.jpg', bytes: Buffer.from('just some text\n'), type: 'image/jpeg' }]);
    expect(text.statusCode).toBe(400);
    expect(refusal(text)).toEqual({ message: uploadMessages.notAnImage('notes.jpg'), code: 'invalid_request' });
    expect(uploadMessages.notAnImage('notes.jpg')).toBe('notes.jpg is not a JPEG, PNG or WebP image');

    const truncated = await upload([
      { filename: 'cut.jpg', bytes: jpeg.subarray(0, jpeg.length / 2), type: 'image/jpeg' },
    ]);
    expect(truncated.statusCode).toBe(400);
    expect(refusal(truncated).message).toBe('cut.jpg is not a JPEG, PNG or WebP image');

    // JPEG's magic number in front of anything else.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg'.repeat(100))]);
    expect((await upload([{ filename: 'fake.jpg', bytes: fake }])).statusCode).toBe(400);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n');
    expect(refusal(await upload([{ filename: 'doc.png', bytes: pdf, type: 'image/png' }])).message).toBe(
      'doc.png is not a JPEG, PNG or WebP image',
    );
    // One bad file refuses the whole request: the good one before it is not stored either.
    const fresh = await picture(64, 48).png().toBuffer();
    const mixed = await upload([
      { filename: 'good.png', bytes: fresh },
      { filename: 'bad.jpg', bytes: Buffer.from('text') },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(refusal(mixed).message).toBe('bad.jpg is not a JPEG, PNG or WebP image');
    expect(await imageCount()).toBe(before);
  });

  it('refuses a file over the size limit, too many files, and a pixel bomb (quickly) with 413', async () => {
    const before = await imageCount();
    const big = Buffer.concat([jpeg, Buffer.alloc(uploadLimits.maxFileBytes)]);
    const tooBig = await upload([{ filename: 'huge.jpg', bytes: big, type: 'image/jpeg' }]);
    expect(tooBig.statusCode).toBe(413);
    expect(refusal(tooBig)).toEqual({
      message: 'huge.jpg is larger than 10 MB: choose a smaller image',
      code: 'payload_too_large',
    });

    const tiny = await picture(16, 16).png().toBuffer();
    const many = await upload(
      Array.from({ length: uploadLimits.maxFiles + 1 }, (_, i) => ({ filename: `${i}.png`, bytes: tiny })),
    );
    expect(many.statusCode).toBe(413);
    expect(refusal(many)).toEqual({ message: uploadMessages.tooManyFiles, code: 'payload_too_large' });

    const started = Date.now();
    const bomb = await upload([{ filename: 'bomb.png', bytes: await pixelBomb(), type: 'image/png' }]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(bomb.statusCode).toBe(413);
    expect(refusal(bomb)).toEqual({
      message: 'bomb.png is 100000 × 100000 pixels: images may have at most 64 megapixels',
      code: 'payload_too_large',
    });
    expect(await imageCount()).toBe(before);
    // The server is fine afterwards.
    expect((await upload([{ filename: 'ok.png', bytes: tiny }])).statusCode).toBe(201);
  });

  it('answers a request that declares more than any upload may be before reading its body', async () => {
    const { statusCode, body } = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${listenUrl(t.app)}/api/uploads`, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          cookie: admin.cookie,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(500 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      // A first few bytes of the 500 MB it announced, then nothing: the answer must not wait for the rest.
      req.write('--x\r\n');
    });
    expect(statusCode).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: uploadMessages.requestTooLarge, code: 'payload_too_large' });
  });

  it('reads to the end of a body it refused part-way, so the sending client gets the answer', async () => {
    /** Sends the whole body over real HTTP; `sent`: every byte of it left the client. */
    const send = (files: FilePart[]) =>
      new Promise<{ status: number; body: ErrorBody; sent: boolean }>((resolve, reject) => {
        const { payload, headers } = form(files);
        const req = httpRequest(`${listenUrl(t.app)}/api/uploads`, {
          method: 'POST',
          headers: { ...headers, origin: ORIGIN, cookie: admin.cookie, 'content-length': String(payload.length) },
        });
        let sent = false;
        req.on('finish', () => {
          sent = true;
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', async () => {
            // A server that stopped reading leaves the rest of the body stuck in the socket buffers.
            for (let wait = 0; !sent && wait < 100; wait++) await new Promise((r) => setTimeout(r, 20));
            resolve({ status: res.statusCode ?? 0, body: ErrorBody.parse(JSON.parse(text)), sent });
          });
        });
        req.on('error', reject);
        req.end(payload);
      });
    // Refused at the first file, with 19 MB of others still to come: more than the socket buffers hold.
    const filler = Buffer.alloc(uploadLimits.maxFileBytes - 512 * 1024, 7);
    expect(
      await send([
        { filename: 'first.jpg', bytes: Buffer.from('text') },
        { filename: 'second.jpg', bytes: filler },
        { filename: 'third.jpg', bytes: filler },
      ]),
    ).toEqual({
      status: 400,
      body: { message: 'first.jpg is not a JPEG, PNG or WebP image', code: 'invalid_request' },
      sent: true,
    });
    // Refused 10 MB into a 20 MB file.
    expect(await send([{ filename: 'big.png', bytes: Buffer.concat([png, filler, filler]) }])).toEqual({
      status: 413,
      body: { message: uploadMessages.fileTooLarge('big.png'), code: 'payload_too_large' },
      sent: true,
    });
  });

  it('is for admins only, from our own pages, in multipart/form-data', async () => {
    const file = [{ filename: 'a.png', bytes: png }];
    const asCustomer = await upload(file, { origin: ORIGIN, cookie: customer.cookie });
    expect(asCustomer.statusCode).toBe(403);
    expect(refusal(asCustomer).code).toBe('admin_only');
    const anonymous = await upload(file, { origin: ORIGIN });
    expect(anonymous.statusCode).toBe(401);
    // No Origin (or another site's): a CSRF attempt with the admin's cookie.
    const noOrigin = await upload(file, { cookie: admin.cookie });
    expect(noOrigin.statusCode).toBe(403);
    expect(refusal(noOrigin).code).toBe('origin_rejected');
    const foreign = await upload(file, { cookie: admin.cookie, origin: 'https://evil.example' });
    expect(refusal(foreign).code).toBe('origin_rejected');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { origin: ORIGIN, cookie: admin.cookie },
      payload: { files: ['x'] },
    });
    expect(json.statusCode).toBe(415);
    expect(refusal(json).code).toBe('unsupported_media_type');
    const empty = await upload([]);
    expect(empty.statusCode).toBe(400);
    expect(refusal(empty).message).toBe(uploadMessages.noFiles);
    const otherField = await upload([{ filename: 'a.png', bytes: png, field: 'image' }]);
    expect(refusal(otherField)).toEqual({ message: uploadMessages.wrongField, code: 'invalid_request' });
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { origin: ORIGIN, cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '{"files": "not multipart at all"}',
    });
    expect(garbage.statusCode).toBe(400);
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
      payload: { showId: show.json().id, title: 'Uploaded Blade', price: '99.00', imageUrls: [img.url] },
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
