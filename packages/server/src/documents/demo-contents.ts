import { Readable } from 'node:stream';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { discardContent, recordDocument, storeContent, type StoredContent } from './attach.ts';

/**
 * The demo book's documents get a content: a one-page PDF naming the document and its record,
 * so that a newcomer opens real files. Only documents without a content are given one, so a
 * restart writes nothing again.
 */
const documentEntity = entityByName('Document')!;

/** A one-page PDF with `lines` of text (Helvetica, ASCII). */
export function onePagePdf(lines: string[]): Buffer {
  const pdfText = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((line, i) => `BT /F1 ${i ? 12 : 18} Tf 72 ${770 - i * 24} Td (${pdfText(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Writes a content for each document of `tenant` that has none; answers how many were written. */
export async function attachDemoContents(db: Db, store: ObjectStore, tenant: string): Promise<number> {
  const scope = { tenant, user: 'system' };
  const rows = await inTenant(db, scope, (tx) =>
    storage.findWhere(tx, documentEntity, tenant, sql<boolean>`NOT data ? 'storageKey'`, 10_000),
  );
  for (const row of rows) {
    const content = onePagePdf([
      String(row.name ?? row.registration),
      `${String(row.data.entityName ?? '')} ${String(row.data.entityRegistration ?? '')}`,
      `Type: ${String(row.type ?? '')}`,
      'A document of the demo book.',
    ]);
    const key = `${tenant}/${crypto.randomUUID()}`;
    const stored = await store.put(key, Readable.from([content]));
    await inTenant(db, scope, (tx) =>
      storage.updateRow(tx, documentEntity, tenant, 'system', row._id, {
        ...row.data,
        registration: row.registration,
        status: row.status,
        name: row.name,
        type: row.type,
        storageKey: key,
        size: stored.size,
        checksum: stored.sha256,
        contentType: 'application/pdf',
      }),
    ).catch(async (error) => {
      await store.remove(key);
      throw error;
    });
  }
  return rows.length;
}

const assetEntity = entityByName('Asset')!;
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A drawn picture of a vehicle (body, wheels, the asset's name), as a JPEG: a demo photo. */
export async function demoPicture(caption: string, hue: number, view: 'front' | 'side'): Promise<Buffer> {
  const body =
    view === 'side'
      ? '<rect x="120" y="250" width="560" height="140" rx="30"/><path d="M230 250 L300 170 L520 170 L590 250 Z"/>'
      : '<rect x="200" y="210" width="400" height="190" rx="40"/><rect x="250" y="150" width="300" height="90" rx="20"/>';
  const wheels =
    view === 'side'
      ? '<circle cx="250" cy="400" r="48"/><circle cx="560" cy="400" r="48"/>'
      : '<rect x="215" y="390" width="70" height="50" rx="12"/><rect x="515" y="390" width="70" height="50" rx="12"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="hsl(${hue},35%,88%)"/><rect y="440" width="800" height="160" fill="hsl(${hue},15%,70%)"/>
    <g fill="hsl(${hue},55%,40%)">${body}</g><g fill="#222">${wheels}</g>
    <text x="400" y="540" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#222">${escapeXml(caption)}</text></svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The first `count` assets of `tenant` get photos (a main one and a side view), so that the
 * Images card has something to show; assets that have pictures are left alone, so a restart
 * writes nothing again.
 */
export async function attachDemoPictures(db: Db, store: ObjectStore, tenant: string, count = 12): Promise<number> {
  const actor = { tenant, username: 'system' };
  const scope = { tenant, user: 'system' };
  const assets = await inTenant(db, scope, async (tx) => {
    const rows = await storage.findWhere(tx, assetEntity, tenant, sql<boolean>`true`, count);
    const pictured = new Set(
      (
        await storage.findWhere(
          tx,
          documentEntity,
          tenant,
          sql<boolean>`data ->> 'entityName' = 'Asset' AND type IN ('MAINIMAGE', 'IMAGE')`,
          10_000,
        )
      ).map((row) => String(row.data.entityRegistration)),
    );
    return rows.filter((row) => !pictured.has(row.registration));
  });
  for (const [index, asset] of assets.entries()) {
    const caption = String(asset.name ?? asset.registration);
    const views = [
      ['MAINIMAGE', 'front'],
      ['IMAGE', 'side'],
    ] as const;
    const contents: { type: string; content: StoredContent }[] = [];
    for (const [type, view] of views)
      contents.push({
        type,
        content: await storeContent(
          store,
          tenant,
          `${asset.registration}-${view}.jpg`,
          await demoPicture(caption, (index * 47) % 360, view),
          'image/jpeg',
        ),
      });
    await inTenant(db, scope, async (tx) => {
      for (const [sortIndex, { type, content }] of contents.entries()) {
        await recordDocument(tx, actor, { entity: assetEntity, registration: asset.registration }, content, {
          type,
          sortIndex,
        });
      }
    }).catch(async (error) => {
      for (const { content } of contents) await discardContent(store, content);
      throw error;
    });
  }
  return assets.length;
}
