import { z } from 'zod';

// Image upload for show items: POST /api/uploads takes multipart/form-data, answers
// with the stored images' URLs; GET /api/images/:id/:variant serves them.

/** The multipart field the images are sent in (several parts of the same name). */
export const UPLOAD_FIELD = 'files';

const MB = 1024 * 1024;

/** What one upload request may carry; the web checks the same numbers before sending. */
export const uploadLimits = {
  /** Bytes of one original file: a phone photo fits with room to spare. */
  maxFileBytes: 10 * MB,
  /** Files in one request. */
  maxFiles: 10,
  /**
   * Pixels of one original (width × height). The file size says nothing about this: a small PNG
   * of one colour can declare 100,000 × 100,000 pixels and would take gigabytes to decode.
   * 64 megapixels admits every ordinary camera and phone photo (a 50 MP phone is 8160 × 6144).
   */
  maxPixels: 64 * MB,
  /** What the file picker offers; the server decides by content, never by this. */
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/**
 * The upload's form, for the API reference only: one or more files in the `files` field. The
 * server reads the multipart stream itself (the body reaches validation as null) and judges each
 * file by its content, so this validates nothing and only describes, as JSON Schema, what to send.
 */
export const UploadForm = z.unknown().meta({
  description: 'multipart/form-data: JPEG, PNG or WebP images in the "files" field.',
  type: 'object',
  required: [UPLOAD_FIELD],
  properties: {
    [UPLOAD_FIELD]: {
      type: 'array',
      minItems: 1,
      maxItems: uploadLimits.maxFiles,
      items: { type: 'string', format: 'binary' },
    },
  },
});

/** The stored variants, both WebP: the item's picture (≤ 1600 px) and its thumbnail (≤ 400 px). */
export const ImageVariant = z.enum(['display.webp', 'thumb.webp']);
export type ImageVariant = z.infer<typeof ImageVariant>;

/** An image's id: the SHA-256 (hex) of the bytes that were uploaded. */
export const ImageId = z.string().regex(/^[0-9a-f]{64}$/, 'Unknown image');

export const ImageParams = z.object({ id: ImageId, variant: ImageVariant });

const IMAGES_PATH = '/api/images';

/** Where an image's variant is served: a same-origin path, which ImageUrl accepts as it is. */
export const imageVariantUrl = (id: string, variant: ImageVariant): string => `${IMAGES_PATH}/${id}/${variant}`;

const DISPLAY_URL = /^\/api\/images\/([0-9a-f]{64})\/display\.webp$/;

/** The thumbnail of an uploaded image's display URL; undefined for any other URL (a pasted link). */
export function thumbnailUrlOf(url: string): string | undefined {
  const id = DISPLAY_URL.exec(url)?.[1];
  return id ? imageVariantUrl(id, 'thumb.webp') : undefined;
}

/** One stored image: `url` goes into a show item's imageUrls; width and height are the display variant's. */
export const UploadedImage = z.object({
  id: ImageId,
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

/** The answer to POST /api/uploads: the images in the order their files were sent. */
export const UploadResponse = z.object({ images: z.array(UploadedImage) });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** Names a file in a message: its own name (shortened), or "The file" when it came without one. */
const fileLabel = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed) return 'The file';
  return trimmed.length > 80 ? `${trimmed.slice(0, 77)}…` : trimmed;
};

export const uploadMessages = {
  notAnImage: (name: string) => `${fileLabel(name)} is not a JPEG, PNG or WebP image`,
  fileTooLarge: (name: string) =>
    `${fileLabel(name)} is larger than ${uploadLimits.maxFileBytes / MB} MB: choose a smaller image`,
  tooManyPixels: (name: string, width: number, height: number) =>
    `${fileLabel(name)} is ${width} × ${height} pixels: images may have at most ${uploadLimits.maxPixels / MB} megapixels`,
  tooManyFiles: `Upload at most ${uploadLimits.maxFiles} images at a time`,
  requestTooLarge: `Upload at most ${uploadLimits.maxFiles} images of up to ${uploadLimits.maxFileBytes / MB} MB each`,
  noFiles: 'Choose at least one image to upload',
  wrongField: `Send the images in the "${UPLOAD_FIELD}" field`,
  notMultipart: 'Send the images as multipart/form-data',
  malformed: 'The upload was cut off or is not valid multipart/form-data',
  unknownImage: 'Image not found',
} as const;
