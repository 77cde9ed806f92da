import { createHash } from 'node:crypto';
import { type ImageVariant, imageVariantUrl, type UploadedImage, uploadLimits, uploadMessages } from '@vault/contracts';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { findImageBytes, findImageSize, type ImageColumn, insertImages } from './repository';

// Storage: the `images` table, in both run modes. One code path for embedded (PGlite) and scaled
// (Postgres) alike; an upload is stored in the same transaction-backed store as the item that
// will name it; every replica reaches it with no shared disk or second service (S3, MinIO) to
// run and secure; and it is in the database backups with everything else. The cost is database
// size, which the resize bounds: the original is never kept, only a ≤ 1600 px WebP (a few hundred
// KB at most) and a ≤ 400 px thumbnail (tens of KB).

/** The long side of the picture members see, and of its thumbnail. */
const DISPLAY_MAX_PX = 1600;
const THUMBNAIL_MAX_PX = 400;

type Format = 'jpeg' | 'png' | 'webp';

/**
 * What the file's first bytes say it is, or undefined: the name and the declared type are the
 * sender's word, the magic numbers are the content's. JPEG FF D8 FF; PNG's 8-byte signature;
 * WebP a RIFF container whose form type (bytes 8–11) is "WEBP".
 */
export function sniffFormat(bytes: Uint8Array): Format | undefined {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** A file that passed every check, with its variants — or null when that image is stored already. */
export interface PreparedImage {
  id: string;
  width: number;
  height: number;
  variants: { display: Buffer; thumbnail: Buffer } | null;
}

/**
 * How sharp may read an upload: at most maxPixels (checked by libvips before it allocates
 * anything, so a decompression bomb costs a header read); a truncated file is an error rather
 * than a picture with a grey bottom half; only the first frame of an animation.
 */
const INPUT: SharpOptions = { limitInputPixels: uploadLimits.maxPixels, failOn: 'truncated', animated: false };

/**
 * Checks one uploaded file by its content and turns it into the two stored variants. The same
 * bytes uploaded before are not decoded again: the id (their SHA-256) finds the stored row.
 */
export async function prepareImage(deps: Pick<ServiceDeps, 'db'>, name: string, bytes: Buffer): Promise<PreparedImage> {
  const format = sniffFormat(bytes);
  if (!format) throw new AppError(400, 'invalid_request', uploadMessages.notAnImage(name));
  const id = createHash('sha256').update(bytes).digest('hex');
  const stored = await findImageSize(deps.db, id);
  if (stored) return { id, ...stored, variants: null };

  // The header alone (no pixel is decoded) gives the size to refuse a bomb with a clear message.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header || header.format !== format || !header.width || !header.height) {
    throw new AppError(400, 'invalid_request', uploadMessages.notAnImage(name));
  }
  if (header.width * header.height > uploadLimits.maxPixels) {
    throw new AppError(413, 'payload_too_large', uploadMessages.tooManyPixels(name, header.width, header.height));
  }
  try {
    return { id, ...(await resize(bytes)) };
  } catch {
    // libvips could not decode it all: truncated, corrupt, or a header in front of anything else.
    throw new AppError(400, 'invalid_request', uploadMessages.notAnImage(name));
  }
}

/**
 * The display picture and the thumbnail, both WebP. Turned upright first (phones store the
 * camera's orientation in EXIF), and written without metadata: no EXIF, so no GPS position of
 * the admin's workshop, no camera serial number. sharp converts to sRGB as it drops the profile.
 */
async function resize(bytes: Buffer): Promise<Omit<PreparedImage, 'id'>> {
  const display = await sharp(bytes, INPUT)
    .autoOrient()
    .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  // From the display picture, not the original: already upright, and a fraction of the pixels.
  const thumbnail = await sharp(display.data)
    .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return {
    width: display.info.width,
    height: display.info.height,
    variants: { display: display.data, thumbnail },
  };
}

/** Stores the new ones of an upload's images together, and answers where each is served. */
export async function saveImages(
  deps: Pick<ServiceDeps, 'db'>,
  images: PreparedImage[],
  uploadedBy: string,
): Promise<UploadedImage[]> {
  const rows = images.flatMap(({ id, width, height, variants }) =>
    variants ? [{ id, width, height, uploadedBy, ...variants }] : [],
  );
  await withTransaction(deps.db, (trx) => insertImages(trx, rows));
  return images.map(({ id, width, height }) => ({
    id,
    url: imageVariantUrl(id, 'display.webp'),
    thumbnailUrl: imageVariantUrl(id, 'thumb.webp'),
    width,
    height,
  }));
}

const COLUMNS: Record<ImageVariant, ImageColumn> = { 'display.webp': 'display', 'thumb.webp': 'thumbnail' };

/** A stored variant's WebP bytes; 404 for an id nobody uploaded. */
export async function imageVariant(deps: Pick<ServiceDeps, 'db'>, id: string, variant: ImageVariant): Promise<Buffer> {
  const bytes = await findImageBytes(deps.db, id, COLUMNS[variant]);
  if (!bytes) throw new AppError(404, 'not_found', uploadMessages.unknownImage);
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
