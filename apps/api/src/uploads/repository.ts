import type { Db } from '../core/db';

export interface NewImage {
  id: string;
  width: number;
  height: number;
  display: Buffer;
  thumbnail: Buffer;
  uploadedBy: string;
}

/** Which stored column holds a variant. */
export type ImageColumn = 'display' | 'thumbnail';

/** The display size of an image already stored under this id, if it is. */
export function findImageSize(db: Db, id: string): Promise<{ width: number; height: number } | undefined> {
  return db.selectFrom('images').select(['width', 'height']).where('id', '=', id).executeTakeFirst();
}

/**
 * Stores images; one already stored (the same file uploaded again, perhaps at the same moment by
 * another request) is left as it is: the id is the content's hash, so the row would be the same.
 */
export async function insertImages(db: Db, images: NewImage[]): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto('images')
    .values(images)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** One variant's bytes (pg gives a Buffer, PGlite a Uint8Array), or undefined for an unknown id. */
export async function findImageBytes(db: Db, id: string, column: ImageColumn): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('images').select(column).where('id', '=', id).executeTakeFirst();
  return row?.[column];
}
