import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { LightMyRequestResponse } from 'fastify';
import { pdfConversionExtensions } from '@lbo/model/values/files';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';
import { s3Store } from '../db/object-store.ts';
import { startS3Server } from '../testing/s3-server.ts';

/**
 * Uploads converted to PDF and watermarked, through the documents route with the real tools: pdf-lib
 * and sharp in process, LibreOffice (`soffice`) for office documents, and poppler's `pdftotext` to
 * read the PDFs back. Every refusal leaves no record, no content and no temporary file.
 */

// This file's own temporary folder, so that what conversions leave behind is seen, and only theirs.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-conversion-test-'));
const previousTmpdir = process.env.TMPDIR;
process.env.TMPDIR = tmp;

let t: TestApp;
let contract: string;
let base: string;
/** What the temporary folder held once the app was up: a conversion leaves nothing besides. */
let tmpAtStart: string[];
const fixtures = path.join(tmp, 'fixtures');
const docx: Record<'offer' | 'schedule', Buffer> = { offer: Buffer.alloc(0), schedule: Buffer.alloc(0) };

const boundary = 'lbo-conversion-boundary';
type File = { name: string; content: Buffer; type?: string };

/** A multipart body with the fields before the file, or after it (`fieldsLast`). */
function multipartBody(file: File, fields: Record<string, string>, fieldsLast = false): Buffer {
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const filePart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([
    ...(fieldsLast ? [filePart, ...fieldParts] : [...fieldParts, filePart]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

const upload = (
  file: File,
  fields: Record<string, string>,
  { user = t.alpha, url = base, fieldsLast = false }: { user?: TestUser; url?: string; fieldsLast?: boolean } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: multipartBody(file, fields, fieldsLast),
  });

const contentOf = async (id: string) => {
  const res = await t.call('GET', `${base}/${id}/content`, t.alpha.headers);
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, type: res.headers['content-type'], disposition: res.headers['content-disposition'] };
};

/**
 * The text of one page as pdftotext reads it in content order (`-raw`: slanted copies of a
 * watermark come out whole, where the layout mode sorts their letters by position), whitespace removed.
 */
const pageText = (pdf: Buffer, page: number, extra: string[] = []) => {
  const file = path.join(fixtures, `read-${process.hrtime.bigint()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-raw', ...extra, '-f', String(page), '-l', String(page), file, '-'])
      .toString()
      .replace(/\s+/g, '');
  } finally {
    fs.rmSync(file);
  }
};

const documentCount = () =>
  inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM document`.execute(tx)).rows[0].n),
  );
const storedFiles = (): string[] => {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return walk(t.objectsDir);
};
/** The contents of the store under test: the filesystem one, then the S3 one. */
let storedObjects = async (): Promise<string[]> => storedFiles();
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
const errorOf = (res: LightMyRequestResponse) => res.json().error as string;

/** Answers the refusal, after checking that it wrote nothing: no record, no content. */
async function refusedWithoutTrace(send: () => Promise<LightMyRequestResponse>): Promise<string> {
  const [documents, objects] = [await documentCount(), await storedObjects()];
  const res = await send();
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(await documentCount()).toBe(documents);
  expect(await storedObjects()).toEqual(objects);
  return errorOf(res);
}

/** Two-page Word documents written by LibreOffice itself from HTML. */
function writeDocxFixtures() {
  fs.mkdirSync(fixtures);
  const html = (first: string, second: string) =>
    `<html><body><p>${first}</p><p style="page-break-before: always">${second}</p></body></html>`;
  fs.writeFileSync(path.join(fixtures, 'offer.html'), html('Lease offer for Ada Lovelace', 'Second page of the offer'));
  fs.writeFileSync(
    path.join(fixtures, 'schedule.html'),
    html('Payment schedule of Grace Hopper', 'Second page of the schedule'),
  );
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${path.join(fixtures, 'profile')}`,
      '--convert-to',
      'docx:MS Word 2007 XML',
      '--outdir',
      fixtures,
      path.join(fixtures, 'offer.html'),
      path.join(fixtures, 'schedule.html'),
    ],
    { stdio: 'ignore', env: { ...process.env, TMPDIR: fixtures } },
  );
  fs.rmSync(path.join(fixtures, 'profile'), { recursive: true, force: true });
  docx.offer = fs.readFileSync(path.join(fixtures, 'offer.docx'));
  docx.schedule = fs.readFileSync(path.join(fixtures, 'schedule.docx'));
}

/** A fresh app (on the given store) with a contract to attach documents to. */
async function startApp(objectStore?: ReturnType<typeof s3Store>) {
  await t?.close();
  t = await createTestApp({}, { objectStore });
  const res = await t.call('POST', '/api/financing/contracts', t.alpha.headers, { name: 'Converted documents' });
  contract = res.json().registration;
  base = `/api/financing/contracts/${contract}/documents`;
  tmpAtStart = fs.readdirSync(tmp).sort();
}

beforeAll(async () => {
  writeDocxFixtures();
  await startApp();
});

afterEach(() => {
  // No conversion folder, LibreOffice profile or temporary file remains, whatever the outcome.
  expect(fs.readdirSync(tmp).sort()).toEqual(tmpAtStart);
});

afterAll(async () => {
  await t?.close();
  await s3?.stop();
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('conversion to PDF', () => {
  it("makes a PNG a one-page PDF of the image's proportions, named .pdf", async () => {
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const res = await upload(
      { name: 'scan.png', content: png, type: 'image/png' },
      { convertToPdf: 'true', type: 'ID_CARD' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ name: 'scan.pdf', contentType: 'application/pdf', type: 'ID_CARD' });
    const content = await contentOf(doc._id);
    expect(content.type).toBe('application/pdf');
    expect(content.disposition).toMatch(/filename="scan.pdf"/);
    expect(doc.size).toBe(content.bytes.length);
    const pdf = await PDFDocument.load(content.bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width / height).toBeCloseTo(2, 5);
  });

  it('converts a Word document with LibreOffice: its pages and its text, under the given name ending in .pdf', async () => {
    // The options may come after the file as well as before it.
    const res = await upload(
      { name: 'offer.docx', content: docx.offer },
      { name: 'Lease offer.docx', convertToPdf: 'true' },
      { fieldsLast: true },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Lease offer.pdf', contentType: 'application/pdf' });
    const { bytes } = await contentOf(res.json()._id);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    expect(pageText(bytes, 1)).toBe('LeaseofferforAdaLovelace');
    expect(pageText(bytes, 2)).toBe('Secondpageoftheoffer');
  });

  it('runs two LibreOffice conversions at once, each with its own result', async () => {
    const [offer, schedule] = await Promise.all([
      upload({ name: 'offer.docx', content: docx.offer }, { convertToPdf: 'true' }),
      upload({ name: 'schedule.docx', content: docx.schedule }, { convertToPdf: 'true' }),
    ]);
    expect(offer.statusCode, offer.body).toBe(201);
    expect(schedule.statusCode, schedule.body).toBe(201);
    expect(pageText((await contentOf(offer.json()._id)).bytes, 1)).toBe('LeaseofferforAdaLovelace');
    expect(pageText((await contentOf(schedule.json()._id)).bytes, 1)).toBe('PaymentscheduleofGraceHopper');
  });

  it("refuses a format outside the conversion list with the spec's message, keeping nothing", async () => {
    const error = await refusedWithoutTrace(() =>
      upload({ name: 'notes.txt', content: Buffer.from('plain text') }, { convertToPdf: 'true' }),
    );
    expect(error).toBe(
      `400|FORBIDDEN_DOCUMENT_EXTENSION|Forbidden document extension "txt". Accepted formats: ${pdfConversionExtensions.join(', ')}`,
    );
    expect(pdfConversionExtensions.join(', ')).toBe(
      'jpeg, jpg, png, doc, docx, odp, ods, odt, pot, potm, potx, pps, ppsx, ppsxm, ppt, pptm, pptx, rtf, xls, xlsx, pdf',
    );
    // The same file without the option is an ordinary document.
    expect(
      (await upload({ name: 'notes.txt', content: Buffer.from('plain text') }, { convertToPdf: 'false' })).statusCode,
    ).toBe(201);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await refusedWithoutTrace(() => upload({ name: 'scan.png', content: png }, { convertToPdf: 'yes' }))).toBe(
      '400|INVALID_BOOLEAN_FIELD|Field convertToPdf must be a boolean',
    );
  });

  it('refuses a document LibreOffice cannot read, keeping nothing', async () => {
    const broken = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('not really a Word document')]);
    expect(
      await refusedWithoutTrace(() => upload({ name: 'broken.docx', content: broken }, { convertToPdf: 'true' })),
    ).toBe('422|PDF_CONVERSION_FAILED|The conversion of broken.docx to PDF failed: LibreOffice could not read it');
  });

  it('stops LibreOffice past the time limit and refuses, keeping nothing', async () => {
    process.env.PDF_CONVERSION_TIMEOUT_SECONDS = '0.05';
    try {
      expect(
        await refusedWithoutTrace(() => upload({ name: 'offer.docx', content: docx.offer }, { convertToPdf: 'true' })),
      ).toBe(
        '422|PDF_CONVERSION_FAILED|The conversion of offer.docx to PDF failed: LibreOffice took more than 0.05 seconds',
      );
    } finally {
      delete process.env.PDF_CONVERSION_TIMEOUT_SECONDS;
    }
  });

  it('answers that LibreOffice is missing when it is not where it is looked for, and still converts images', async () => {
    process.env.SOFFICE_PATH = path.join(tmp, 'no-libreoffice-here', 'soffice');
    try {
      expect(
        await refusedWithoutTrace(() => upload({ name: 'offer.docx', content: docx.offer }, { convertToPdf: 'true' })),
      ).toBe(
        '503|PDF_CONVERSION_UNAVAILABLE|PDF conversion of office documents needs LibreOffice (soffice), which is not installed',
      );
      const jpeg = await sharp({ create: { width: 120, height: 240, channels: 3, background: '#884422' } })
        .jpeg()
        .toBuffer();
      const res = await upload({ name: 'photo.jpg', content: jpeg }, { convertToPdf: 'true' });
      expect(res.statusCode, res.body).toBe(201);
      const pdf = await PDFDocument.load((await contentOf(res.json()._id)).bytes);
      expect(pdf.getPage(0).getSize()).toEqual({ width: 120, height: 240 });
    } finally {
      delete process.env.SOFFICE_PATH;
    }
  });

  it('turns a photo held sideways (EXIF orientation) upright, as a PDF and under a watermark', async () => {
    // Stored 120 wide and 240 high, shown turned a quarter: 240 wide and 120 high.
    const sideways = await sharp({ create: { width: 120, height: 240, channels: 3, background: '#446688' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const converted = await upload({ name: 'phone.jpg', content: sideways }, { convertToPdf: 'true' });
    expect(converted.statusCode, converted.body).toBe(201);
    expect((await PDFDocument.load((await contentOf(converted.json()._id)).bytes)).getPage(0).getSize()).toEqual({
      width: 240,
      height: 120,
    });
    const marked = await upload({ name: 'phone.jpg', content: sideways }, { watermark: 'COPY' });
    expect(marked.statusCode, marked.body).toBe(201);
    const meta = await sharp((await contentOf(marked.json()._id)).bytes).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([240, 120, 1]);
  });

  it("does nothing for another tenant's record", async () => {
    expect(
      await refusedWithoutTrace(() =>
        upload({ name: 'offer.docx', content: docx.offer }, { convertToPdf: 'true' }, { user: t.beta }),
      ),
    ).toMatch(/^404\|ENTITY_REGISTRATION_NOT_FOUND\|/);
  });
});

describe('watermark', () => {
  /** A JPEG with detail (a gradient), so that a change shows. */
  const photo = () =>
    sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><defs><linearGradient id="g">' +
          '<stop offset="0" stop-color="#102040"/><stop offset="1" stop-color="#406080"/></linearGradient></defs><rect width="640" height="400" fill="url(#g)"/></svg>',
      ),
    )
      .jpeg()
      .toBuffer();

  it('is drawn on a JPEG, which keeps its size and format and gets lighter where the white text lies', async () => {
    const original = await photo();
    const res = await upload({ name: 'car.jpg', content: original, type: 'image/jpeg' }, { watermark: 'CONFIDENTIAL' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'car.jpg', contentType: 'image/jpeg' });
    const { bytes, type } = await contentOf(res.json()._id);
    expect(type).toBe('image/jpeg');
    expect(bytes.equals(original)).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 400]);
    const [before, after] = [await sharp(original).stats(), await sharp(bytes).stats()];
    expect(after.channels[0].mean).toBeGreaterThan(before.channels[0].mean + 1);
    expect(after.channels[0].max).toBeGreaterThan(150);
  });

  it('is drawn on a PNG, which stays a PNG', async () => {
    const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const res = await upload({ name: 'plan.png', content: png }, { watermark: 'Draft' });
    expect(res.statusCode, res.body).toBe(201);
    const { bytes } = await contentOf(res.json()._id);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 300]);
    expect((await sharp(bytes).stats()).channels[0].max).toBeGreaterThan(150);
  });

  it('is drawn diagonally on every page of a PDF, whose own text stays', async () => {
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    for (const [n, size] of [
      [1, [595, 842]],
      [2, [842, 595]],
      [3, [300, 300]],
    ] as const) {
      source.addPage([...size]).drawText(`Page ${n} of the contract`, { x: 20, y: 20, size: 10, font });
    }
    const res = await upload(
      { name: 'contract.pdf', content: Buffer.from(await source.save()), type: 'application/pdf' },
      { watermark: 'COPIE – Société Générale' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { bytes } = await contentOf(res.json()._id);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
    for (const n of [1, 2, 3]) {
      const text = pageText(bytes, n);
      expect(text).toContain(`Page${n}ofthecontract`);
      expect(text).toContain('COPIE–SociétéGénérale');
      // Leaving diagonal text out leaves the page's own text only: the watermark is slanted.
      expect(pageText(bytes, n, ['-nodiag'])).toBe(`Page${n}ofthecontract`);
    }
  });

  it('makes an office document a PDF to carry it', async () => {
    const res = await upload({ name: 'offer.docx', content: docx.offer }, { watermark: 'SPECIMEN' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'offer.pdf', contentType: 'application/pdf' });
    const { bytes } = await contentOf(res.json()._id);
    for (const n of [1, 2]) expect(pageText(bytes, n)).toContain('SPECIMEN');
  });

  it('on an image converted to PDF, is drawn on the PDF', async () => {
    const res = await upload(
      { name: 'car.jpg', content: await photo() },
      { watermark: 'CONFIDENTIAL', convertToPdf: 'true' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'car.pdf', contentType: 'application/pdf' });
    expect(pageText((await contentOf(res.json()._id)).bytes, 1)).toContain('CONFIDENTIAL');
  });

  it('refuses a text Helvetica cannot write or too long, and a PDF it cannot read, keeping nothing', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await refusedWithoutTrace(() => upload({ name: 'scan.png', content: png }, { watermark: '機密' }))).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value (characters Helvetica cannot write: 機密) for field watermark',
    );
    expect(
      await refusedWithoutTrace(() => upload({ name: 'scan.png', content: png }, { watermark: 'x'.repeat(201) })),
    ).toBe('400|INVALID_FIELD_VALUE|Invalid value (201 characters, at most 200) for field watermark');
    const broken = Buffer.from('%PDF-1.7\nnothing of a PDF after its first line');
    expect(
      await refusedWithoutTrace(() => upload({ name: 'broken.pdf', content: broken }, { watermark: 'COPY' })),
    ).toBe('422|WATERMARK_FAILED|The watermark could not be drawn on broken.pdf: the PDF could not be read');
  });
});

describe('on the S3 store', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    await startApp(s3Store(s3.settings));
    storedObjects = () => s3!.objectKeys();
  });

  it('converts and watermarks from the stored upload, which the result replaces', async () => {
    const before = await storedObjects();
    const res = await upload({ name: 'offer.docx', content: docx.offer }, { convertToPdf: 'true', watermark: 'COPY' });
    expect(res.statusCode, res.body).toBe(201);
    const { bytes } = await contentOf(res.json()._id);
    expect(pageText(bytes, 1)).toContain('LeaseofferforAdaLovelace');
    expect(pageText(bytes, 2)).toContain('COPY');
    // One object more: the PDF, not the Word document it came from.
    expect(await storedObjects()).toHaveLength(before.length + 1);
  });

  it('keeps nothing of a refused conversion', async () => {
    const broken = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('not really a Word document')]);
    expect(
      await refusedWithoutTrace(() => upload({ name: 'broken.docx', content: broken }, { convertToPdf: 'true' })),
    ).toMatch(/^422\|PDF_CONVERSION_FAILED\|/);
  });
});
