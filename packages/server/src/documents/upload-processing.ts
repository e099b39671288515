import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '@lbo/model/errors';
import { checkExtension, MB, pdfConversionExtensions } from '@lbo/model/values/files';
import type { ObjectStore } from '../db/object-store.ts';
import type { ConvertibleExtension } from './pdf-conversion.ts';

// Conversions and watermarks bring pdf-lib and sharp (some 20 MB of memory), loaded when an upload first asks for one.
const converting = () => import('./pdf-conversion.ts');
const watermarking = () => import('./watermark.ts');

/**
 * Uploads that ask for a PDF or a watermark (spec 002 "Uploads with watermark or PDF conversion"):
 * the received content is copied from the store to a temporary folder, converted and/or
 * watermarked there, and stored again under a new key that replaces the received one. Whatever
 * fails, the received content, the new content and the temporary folder are removed.
 */

/** The multipart fields an upload may add to `file`, `type`, `name` and `sortIndex`. */
export const uploadDescription =
  'multipart/form-data with `file` (the content), `type`, `name`, `sortIndex`, and optionally ' +
  '`convertToPdf` (`true`: images and office documents are stored as PDF, under the same name ending in .pdf) and ' +
  '`watermark` (a text of at most 200 characters drawn over images and every PDF page; an office document is converted ' +
  'to PDF to carry it). With either, the file must be one of: ' +
  pdfConversionExtensions.join(', ') +
  '.';

/** The most a converted or watermarked upload may weigh: pdf-lib holds a PDF in memory. */
export const PROCESSING_MAX_BYTES = 100 * MB;

/** What the route received: the content under `key`, as measured while it streamed, and the other fields. */
export interface ReceivedUpload {
  key: string;
  stored: { name: string; size: number; sha256: string; contentType: string; extension: string };
  fields: Record<string, string>;
}

/** The options of an upload, from its fields. */
async function optionsOf(fields: Record<string, string>) {
  const convert = fields.convertToPdf?.trim() ?? '';
  if (!['', 'true', 'false'].includes(convert)) throw new ApiError('INVALID_BOOLEAN_FIELD', ['convertToPdf']);
  const watermark = fields.watermark ? await (await watermarking()).checkedWatermarkText(fields.watermark) : '';
  return { convertToPdf: convert === 'true', watermark };
}

/** `offer.docx` → `offer.pdf`; a name without a convertible extension gets `.pdf` added. */
export function pdfNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const base = (pdfConversionExtensions as readonly string[]).includes(extension) ? name.slice(0, dot) : name;
  return `${base}.pdf`;
}

/** Converts and watermarks the received upload as its fields ask; answers it as it is when they ask for neither. */
export async function processUpload(store: ObjectStore, upload: ReceivedUpload): Promise<ReceivedUpload> {
  let options: Awaited<ReturnType<typeof optionsOf>>;
  let extension: ConvertibleExtension;
  try {
    options = await optionsOf(upload.fields);
    if (!options.convertToPdf && !options.watermark) return upload;
    extension = checkExtension(upload.stored.name, pdfConversionExtensions) as ConvertibleExtension;
    if (upload.stored.size > PROCESSING_MAX_BYTES)
      throw new ApiError('FILE_TOO_LARGE', [`${PROCESSING_MAX_BYTES / MB}MB`]);
  } catch (error) {
    await store.remove(upload.key);
    throw error;
  }
  const [{ imageExtensions, imageToPdf, officeToPdf }, { watermarkImage, watermarkPdf }] = await Promise.all([
    converting(),
    watermarking(),
  ]);
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lbo-document-'));
  const key = `${upload.key.split('/')[0]}/${crypto.randomUUID()}`;
  let storedAgain = false;
  try {
    const received = await store.get(upload.key);
    if (!received) throw new ApiError('MISSING_FILE_IN_REQUEST');
    const input = path.join(workDir, `input.${extension}`);
    await pipeline(received.content, fs.createWriteStream(input));
    const isImage = imageExtensions.includes(extension);
    // A watermark needs an image or a PDF: an office document becomes a PDF first.
    const toPdf = extension !== 'pdf' && (options.convertToPdf || !isImage);
    let file = input;
    if (toPdf) {
      file = path.join(workDir, 'converted.pdf');
      if (isImage) await imageToPdf(input, file, extension, upload.stored.name);
      else file = await officeToPdf(input, workDir, upload.stored.name);
    }
    const isPdf = toPdf || extension === 'pdf';
    if (options.watermark) {
      const marked = path.join(workDir, `watermarked.${isPdf ? 'pdf' : extension}`);
      if (isPdf) await watermarkPdf(file, marked, options.watermark, upload.stored.name);
      else
        await watermarkImage(file, marked, extension === 'png' ? 'png' : 'jpeg', options.watermark, upload.stored.name);
      file = marked;
    }
    const stored = await store.put(key, fs.createReadStream(file));
    storedAgain = true;
    await store.remove(upload.key);
    const rename = (name: string) => (toPdf ? pdfNameOf(name) : name);
    const contentType = isPdf ? 'application/pdf' : extension === 'png' ? 'image/png' : 'image/jpeg';
    return {
      key,
      stored: {
        ...upload.stored,
        ...stored,
        name: rename(upload.stored.name),
        contentType,
        extension: isPdf ? 'pdf' : extension,
      },
      fields: { ...upload.fields, ...(upload.fields.name?.trim() ? { name: rename(upload.fields.name.trim()) } : {}) },
    };
  } catch (error) {
    if (storedAgain) await store.remove(key);
    await store.remove(upload.key);
    throw error;
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
