import { Readable } from 'node:stream';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * The demo book's documents get a content: a one-page PDF naming the document and its record,
 * so that a newcomer opens real files. Only documents without a content are given one, so a
 * restart writes nothing again.
 */
const documentEntity = entityByName('Document')!;

/** A one-page PDF with `lines` of text (Helvetica, ASCII). */
export function onePagePdf(lines: string[]): Buffer {
  const escape = (text: string) => text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, i) => `BT /F1 ${i ? 12 : 18} Tf 72 ${770 - i * 24} Td (${escape(line)}) Tj ET`).join('\n');
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
  const rows = await inTenant(db, scope, (tx) => storage.findWhere(tx, documentEntity, tenant, sql<boolean>`NOT data ? 'storageKey'`, 10_000));
  for (const row of rows) {
    const content = onePagePdf([
      String(row.name ?? row.registration), `${String(row.data.entityName ?? '')} ${String(row.data.entityRegistration ?? '')}`,
      `Type: ${String(row.type ?? '')}`, 'A document of the demo book.',
    ]);
    const key = `${tenant}/${crypto.randomUUID()}`;
    const stored = await store.put(key, Readable.from([content]));
    await inTenant(db, scope, (tx) => storage.updateRow(tx, documentEntity, tenant, 'system', row._id, {
      ...row.data, registration: row.registration, status: row.status, name: row.name, type: row.type,
      storageKey: key, size: stored.size, checksum: stored.sha256, contentType: 'application/pdf',
    })).catch(async (error) => { await store.remove(key); throw error; });
  }
  return rows.length;
}
