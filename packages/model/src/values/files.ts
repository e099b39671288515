import { ApiError } from '../errors.ts';

/**
 * The spec's file rules (spec 000 §5, 002 §4): a size limit given like `5MB` (1 MB = 1,048,576
 * bytes), an accepted list of extensions, and (ours) content that must be what its extension
 * says: a `.pdf` holding a program is refused. Used by the server on every upload.
 */
export const MB = 1_048_576;
export const defaultMaxDocumentSize = '5MB';

/** Extensions accepted when the tenant names none: office documents, images, text. */
export const defaultDocumentExtensions = [
  'pdf',
  'jpeg',
  'jpg',
  'png',
  'gif',
  'webp',
  'doc',
  'docx',
  'odp',
  'ods',
  'odt',
  'pot',
  'potm',
  'potx',
  'pps',
  'ppsx',
  'ppsxm',
  'ppt',
  'pptm',
  'pptx',
  'rtf',
  'xls',
  'xlsx',
  'csv',
  'txt',
  'xml',
];

/**
 * What an upload asking for a PDF (or a watermark) may be (spec 000 §5, 002 "Uploads with
 * watermark or PDF conversion"): images, office documents, and PDF itself.
 */
export const pdfConversionExtensions = [
  'jpeg',
  'jpg',
  'png',
  'doc',
  'docx',
  'odp',
  'ods',
  'odt',
  'pot',
  'potm',
  'potx',
  'pps',
  'ppsx',
  'ppsxm',
  'ppt',
  'pptm',
  'pptx',
  'rtf',
  'xls',
  'xlsx',
  'pdf',
] as const;

/** `5MB`, `512KB`, `1.5 MB`, or a number of bytes → bytes; undefined when unreadable. */
export function sizeInBytes(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) && text > 0 ? Math.floor(text) : undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = { B: 1, KB: 1024, MB, GB: 1024 * MB }[(match[2] ?? 'B').toUpperCase() as 'B'];
  return Math.floor(Number(match[1]) * unit);
}

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** A file name as stored: no folders, no control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '')
    .replace(/^\.+/, '')
    .trim();
  if (clean.length <= 200) return clean || 'file';
  const extension = extensionOf(clean);
  return `${clean.slice(0, 190 - extension.length)}.${extension}`;
}

export function checkExtension(name: string, accepted: readonly string[]): string {
  const extension = extensionOf(name);
  if (!accepted.includes(extension))
    throw new ApiError('FORBIDDEN_DOCUMENT_EXTENSION', [extension, accepted.join(', ')]);
  return extension;
}

const startsWith = (head: Buffer, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);
const text = (head: Buffer, from: number, value: string) =>
  head.subarray(from, from + value.length).toString('latin1') === value;

/** Programs, whatever their name says. */
const isProgram = (head: Buffer) =>
  startsWith(head, 0x4d, 0x5a) ||
  startsWith(head, 0x7f, 0x45, 0x4c, 0x46) ||
  startsWith(head, 0xcf, 0xfa, 0xed, 0xfe) ||
  startsWith(head, 0xfe, 0xed, 0xfa, 0xce) ||
  text(head, 0, '#!');

const zip = (head: Buffer) => startsWith(head, 0x50, 0x4b, 0x03, 0x04);
const ole = (head: Buffer) => startsWith(head, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const plainText = (head: Buffer) => !head.includes(0);

/** What the first bytes of each extension's content look like. */
const signatures: Record<string, (head: Buffer) => boolean> = {
  pdf: (h) => text(h, 0, '%PDF-'),
  png: (h) => startsWith(h, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  jpg: (h) => startsWith(h, 0xff, 0xd8, 0xff),
  jpeg: (h) => startsWith(h, 0xff, 0xd8, 0xff),
  gif: (h) => text(h, 0, 'GIF8'),
  webp: (h) => text(h, 0, 'RIFF') && text(h, 8, 'WEBP'),
  rtf: (h) => text(h, 0, '{\\rtf'),
  csv: plainText,
  txt: plainText,
  xml: plainText,
  ...Object.fromEntries(
    ['docx', 'xlsx', 'pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsxm', 'odt', 'ods', 'odp'].map((e) => [e, zip]),
  ),
  ...Object.fromEntries(['doc', 'xls', 'ppt', 'pot', 'pps'].map((e) => [e, ole])),
};

/** The first bytes a content check reads. */
export const HEAD_BYTES = 4096;

/** Refuses a content that is a program, or does not look like its extension. */
export function checkContent(head: Buffer, name: string, extension: string): void {
  const looksRight = Object.hasOwn(signatures, extension) ? signatures[extension](head) : true;
  if (isProgram(head) || !looksRight) throw new ApiError('DOCUMENT_CONTENT_MISMATCH', [name, extension]);
}

/** Pictures by their first bytes, with their content type. */
const pictures: [extension: string, contentType: string][] = [
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
];
export const pictureExtensions = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

/** The content type of a picture (PNG, JPEG, GIF, WebP) recognised by its first bytes; undefined for anything else. */
export function pictureTypeOf(head: Buffer): string | undefined {
  return pictures.find(([extension]) => signatures[extension](head))?.[1];
}
