import fs from 'node:fs';
import sharp from 'sharp';
import {
  degrees,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setCharacterSpacing,
  StandardFonts,
  type PDFFont,
} from 'pdf-lib';
import { ApiError } from '@lbo/model/errors';
import { WATERMARK_MAX_LENGTH, watermarkStyle } from '@lbo/model/values/watermark';

/**
 * Watermarks of uploads (spec 002 §9): the text repeated over the whole surface along lines
 * slanted by the style's rotation, drawn with sharp on images (an SVG overlay) and with pdf-lib on
 * every page of a PDF (Helvetica, one of PDF's standard fonts, so nothing is embedded). Both lay the
 * copies out with `watermarkOrigins`, so an image and a page look alike.
 */

/** The most pixels an image to watermark may have (sharp holds the overlay as large as the image). */
export const WATERMARK_MAX_PIXELS = 100_000_000;

/** A Helvetica of pdf-lib, for measuring texts (its widths are the standard font's metrics). */
let measuringFont: Promise<PDFFont> | undefined;
const helvetica = () => (measuringFont ??= PDFDocument.create().then((doc) => doc.embedFont(StandardFonts.Helvetica)));

/** The width of the text as drawn, letter spacing included. */
async function textWidth(text: string): Promise<number> {
  const font = await helvetica();
  return font.widthOfTextAtSize(text, watermarkStyle.fontSize) + watermarkStyle.letterSpacing * [...text].length;
}

/**
 * The watermark text of an upload, checked: at most 200 characters, no control characters, and only
 * characters Helvetica writes (its WinAnsi set: Latin letters with accents, €, common signs).
 */
export async function checkedWatermarkText(value: string): Promise<string> {
  const text = value.trim();
  if ([...text].length > WATERMARK_MAX_LENGTH)
    throw new ApiError('INVALID_FIELD_VALUE', [
      `(${[...text].length} characters, at most ${WATERMARK_MAX_LENGTH})`,
      'watermark',
    ]);
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text))
    throw new ApiError('INVALID_FIELD_VALUE', ['(a control character)', 'watermark']);
  const font = await helvetica();
  const unwritable = [...text].filter((character) => {
    try {
      font.encodeText(character);
      return false;
    } catch {
      return true;
    }
  });
  if (unwritable.length)
    throw new ApiError('INVALID_FIELD_VALUE', [
      `(characters Helvetica cannot write: ${[...new Set(unwritable)].join('')})`,
      'watermark',
    ]);
  return text;
}

/**
 * Where each copy of the text starts, relative to the centre of a `width` × `height` surface and
 * before the rotation about that centre: lines `lineSpacing` apart, copies `spacing` apart on a
 * line, enough of them to cover the surface whatever the angle.
 */
export function watermarkOrigins(width: number, height: number, copyWidth: number): { x: number; y: number }[] {
  const reach = Math.hypot(width, height) / 2;
  const step = copyWidth + watermarkStyle.spacing;
  const lines = Math.ceil(reach / watermarkStyle.lineSpacing);
  const copies = Math.ceil(reach / step);
  const origins: { x: number; y: number }[] = [];
  for (let line = -lines; line <= lines; line++) {
    // One copy is centred on the middle line, so that even a small surface shows one whole; every
    // other line is shifted by half a step, so that copies do not stack into columns.
    const shift = (Math.abs(line) % 2) * (step / 2) - copyWidth / 2;
    for (let copy = -copies - 1; copy <= copies + 1; copy++)
      origins.push({ x: copy * step + shift, y: line * watermarkStyle.lineSpacing });
  }
  return origins;
}

const escapedXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG overlay of an image of `width` × `height` pixels. */
async function overlayOf(text: string, width: number, height: number): Promise<string> {
  const { fontSize, letterSpacing, color, opacity, rotation } = watermarkStyle;
  const [cx, cy] = [width / 2, height / 2];
  const copies = watermarkOrigins(width, height, await textWidth(text))
    .map(({ x, y }) => `<text x="${(cx + x).toFixed(1)}" y="${(cy + y).toFixed(1)}">${escapedXml(text)}</text>`)
    .join('');
  // Helvetica where installed, else its metric twins (Liberation Sans, Arial).
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="rotate(${rotation} ${cx} ${cy})" font-family="Helvetica, 'Liberation Sans', Arial, sans-serif" font-size="${fontSize}" ` +
    `letter-spacing="${letterSpacing}" fill="${color}" fill-opacity="${opacity}">${copies}</g></svg>`
  );
}

/** Writes the image `input` (JPEG or PNG) with the watermark to `output`, in the same format and size. */
export async function watermarkImage(
  input: string,
  output: string,
  format: 'jpeg' | 'png',
  text: string,
  name: string,
): Promise<void> {
  try {
    // `rotate()` turns the picture upright first (EXIF orientation), so the overlay matches what is seen.
    const image = sharp(input, { limitInputPixels: WATERMARK_MAX_PIXELS }).rotate();
    const meta = await sharp(input, { limitInputPixels: WATERMARK_MAX_PIXELS }).metadata();
    const upright = (meta.orientation ?? 1) >= 5;
    const [width, height] = upright ? [meta.height, meta.width] : [meta.width, meta.height];
    const overlay = Buffer.from(await overlayOf(text, width, height));
    const composed = image.composite([{ input: overlay, top: 0, left: 0 }]);
    const encoded =
      format === 'jpeg' ? composed.jpeg({ quality: Math.round(watermarkStyle.jpegQuality * 100) }) : composed.png();
    await encoded.toFile(output);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('WATERMARK_FAILED', [name, `the image could not be read (${(error as Error).message})`]);
  }
}

/** `#ffffff` → pdf-lib's colour. */
const pdfColour = (hex: string) =>
  rgb(...([1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number]));

/** Writes the PDF `input` with the watermark on every page to `output`. */
export async function watermarkPdf(input: string, output: string, text: string, name: string): Promise<void> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(await fs.promises.readFile(input), { updateMetadata: false });
    if (!doc.getPageCount()) throw new Error('no page');
  } catch (error) {
    const why =
      (error as Error).constructor?.name === 'EncryptedPDFError' ? 'the PDF is encrypted' : 'the PDF could not be read';
    throw new ApiError('WATERMARK_FAILED', [name, why]);
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { fontSize, letterSpacing, color, opacity, rotation } = watermarkStyle;
  const copyWidth = font.widthOfTextAtSize(text, fontSize) + letterSpacing * [...text].length;
  // The style's angle is measured with y down (as on an image); a PDF page's y axis points up.
  const angle = -rotation;
  const [cos, sin] = [Math.cos((angle * Math.PI) / 180), Math.sin((angle * Math.PI) / 180)];
  for (const page of doc.getPages()) {
    const box = page.getMediaBox();
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    page.pushOperators(pushGraphicsState(), setCharacterSpacing(letterSpacing));
    for (const { x, y } of watermarkOrigins(box.width, box.height, copyWidth)) {
      page.drawText(text, {
        x: cx + x * cos - y * sin,
        y: cy + x * sin + y * cos,
        size: fontSize,
        font,
        color: pdfColour(color),
        opacity,
        rotate: degrees(angle),
      });
    }
    page.pushOperators(popGraphicsState());
  }
  await fs.promises.writeFile(output, await doc.save());
}
