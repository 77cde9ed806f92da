import { request as httpRequest } from 'node:http';
import { ErrorBody, uploadLimits, uploadMessages } from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenUrl, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';
import { type FilePart, form, picture, pixelBomb, samplePictures, uploadCalls } from './uploads-support';

// What an upload is refused for: content that is no image, too large or too many, a pixel bomb, a body
// declared too large, and a caller who is no admin or not from our pages.

describe.each(backends)('image upload on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    ({ admin, customer } = await seedCustomerAndAdmin(t));
    ({ jpeg, png } = await samplePictures());
  });
  afterAll(async () => {
    await t?.close();
  });

  const { upload, imageCount, refusal } = uploadCalls(() => ({ t, admin }));

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
});
