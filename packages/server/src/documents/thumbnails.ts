import crypto from 'node:crypto';
import { pictureExtensions } from '@lbo/model/values/files';
import type { ObjectStore } from '../db/object-store.ts';

/**
 * Thumbnails of pictures (asset photos, scanned IDs): a JPEG that fits in 320 × 320, written
 * beside the content when it is uploaded, so that an Images card of twenty photos loads a few
 * hundred KB instead of the originals.
 */
export const THUMBNAIL_SIZE = 320;

export const isPicture = (extension: string) => pictureExtensions.includes(extension.toLowerCase());

/**
 * Writes the thumbnail of the picture stored under `key` and answers its key; undefined when
 * the content is not a picture sharp can read (a damaged image still uploads, without one).
 */
export async function storeThumbnail(store: ObjectStore, tenant: string, key: string): Promise<string | undefined> {
  const original = await store.get(key);
  if (!original) return undefined;
  const thumbnailKey = `${tenant}/${crypto.randomUUID()}`;
  // sharp refuses images over its pixel limit (decompression bombs) like any unreadable one.
  const { default: sharp } = await import('sharp');
  const resize = sharp({ failOn: 'error' })
    .rotate()
    .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 });
  original.content.on('error', (error) => resize.destroy(error));
  original.content.pipe(resize);
  try {
    await store.put(thumbnailKey, resize);
    return thumbnailKey;
  } catch {
    original.content.destroy();
    await store.remove(thumbnailKey);
    return undefined;
  }
}
