import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ErrorBody } from '@vault/contracts';
import type { SeededMember } from '@vault/testing';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { ORIGIN, type TestApp } from '../test-app';

// Shared by the upload tests: multipart bodies as a browser sends them, photo-like pictures and a
// pixel bomb, and the calls that upload and fetch images.

export interface FilePart {
  filename: string;
  bytes: Buffer;
  /** The declared type: the sender's word, which the server must not trust. */
  type?: string;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function form(files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
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
export function picture(width: number, height: number) {
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
export async function pixelBomb(): Promise<Buffer> {
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

/** Landscape larger than the display size, a small PNG, a tall WebP. */
export async function samplePictures() {
  return {
    jpeg: await picture(3000, 2000).jpeg({ quality: 90 }).toBuffer(),
    png: await picture(800, 600).png().toBuffer(),
    webp: await picture(1000, 2400).webp().toBuffer(),
  };
}

interface Opened {
  t: TestApp;
  admin: SeededMember;
}

export function uploadCalls(opened: () => Opened) {
  const upload = (
    files: FilePart[],
    headers: Record<string, string> = { origin: ORIGIN, cookie: opened().admin.cookie },
  ) => {
    const body = form(files);
    return opened().t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const image = (url: string, headers: Record<string, string> = {}) =>
    opened().t.app.inject({ method: 'GET', url, headers });
  const imageCount = async () =>
    Number(
      (
        await opened()
          .t.database.db.selectFrom('images')
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

  return { upload, image, imageCount, decoded, refusal };
}
