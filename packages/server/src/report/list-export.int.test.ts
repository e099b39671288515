import { dictionaryOf } from '@lbo/model/i18n/dictionaries';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { entityByName } from '@lbo/model/entity-registry';
import { buildApp } from '../app.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { createTenant } from '../product.ts';
import { fileSystemStore } from '../db/object-store.ts';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';

/**
 * List exports against a real database: the list query run on the server and streamed as xlsx
 * or CSV, and past a (lowered) threshold the background export, its record and its file.
 */
const THRESHOLD = 5;
let db: TestDatabase;
let app: FastifyInstance;
let objectsDir: string;
const password = 'Correct-Horse-42';
const alpha = { headers: {} as Record<string, string> };
const beta = { headers: {} as Record<string, string> };
let auditor: SignedInUser;
let otherAuditor: SignedInUser;
let portal: SignedInUser;

const call = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const xlsxOf = async (res: LightMyRequestResponse) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0];
};
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};
/** The CSV's lines (BOM removed) split on the delimiter: the test's texts hold neither quotes nor delimiters. */
const csvOf = (res: LightMyRequestResponse, delimiter: string) =>
  res.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(delimiter));

const contracts = [
  {
    name: 'Vans for Martin',
    startDate: '2024-03-15',
    financedAmountExclTax: 12345.6,
    quotations: [{ financialProduct: 'LEASE', rate: 0.045 }],
  },
  {
    name: 'Trucks for Durand',
    startDate: '2023-12-31',
    financedAmountExclTax: 2500,
    quotations: [{ financialProduct: 'LOAN', rate: 0.0325 }],
  },
  {
    name: 'Printer for Petit',
    startDate: '2024-01-02',
    financedAmountExclTax: 900,
    quotations: [{ financialProduct: 'LEASE', rate: 0.1 }],
  },
  {
    name: 'Forklift for Martin',
    financedAmountExclTax: 48000.25,
    quotations: [{ financialProduct: 'OPERATING_LEASE', rate: 0.05 }],
  },
];

// The configuration's hook timeout: making a database takes longer on a busy machine.
beforeAll(async () => {
  db = await createTestDatabase();
  objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-export-objects-'));
  app = await buildApp({
    database: db.database,
    objectStore: fileSystemStore(objectsDir),
    listExports: { backgroundThreshold: THRESHOLD },
  });
  for (const [tenant, user] of [
    ['alpha', alpha],
    ['beta', beta],
  ] as const) {
    await createTenant(db.database.db, tenant, { username: `admin@${tenant}`, password });
    user.headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, password)}` };
  }
  for (const body of contracts) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/financing/contracts',
      headers: alpha.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await app.inject({
    method: 'POST',
    url: '/api/financing/contracts',
    headers: beta.headers,
    payload: { name: 'Beta secret', financedAmountExclTax: 5000 },
  });
  auditor = await createUser(app, alpha.headers, {
    username: 'auditor@alpha',
    firstName: 'Ada',
    lastName: 'Audit',
    profiles: ['AUDITOR'],
  });
  otherAuditor = await createUser(app, alpha.headers, {
    username: 'auditor2@alpha',
    firstName: 'Bob',
    lastName: 'Audit',
    profiles: ['AUDITOR'],
  });
  portal = await createUser(app, alpha.headers, {
    username: 'portal@alpha',
    firstName: 'Paul',
    lastName: 'Portal',
    profiles: ['CLIENT'],
  });
});

afterAll(async () => {
  await app?.close();
  await db?.dispose();
  fs.rmSync(objectsDir, { recursive: true, force: true });
});

describe('GET /api/{route}/export', () => {
  it('streams the filtered, sorted list as xlsx: typed cells, formats, list labels, the time zone', async () => {
    const columns =
      'registration,status,name,quotations.0.financialProduct,startDate,financedAmountExclTax,quotations.0.rate,_insertDate';
    const res = await call(
      `/api/financing/contracts/export?format=xlsx&sort=-financedAmountExclTax&minFinancedAmountExclTax=1000&columns=${columns}&locale=fr-FR`,
      { ...alpha.headers, 'client-timezone': 'Pacific/Kiritimati' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Contracts.xlsx"');
    const sheet = await xlsxOf(res);
    const rows = rowsOf(sheet);
    // The header: the declaration's labels (the web sends its own translations in `labels`).
    expect(rows[0]).toEqual([
      'Registration',
      'Status',
      'Name',
      'Financial product',
      'Start date',
      'Financed amount excl tax',
      'Rate',
      'Insert date',
    ]);
    // 900 is filtered out; the highest amount first; Beta's contract never appears.
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Forklift for Martin', 'Vans for Martin', 'Trucks for Durand']);
    expect(rows.flat()).not.toContain('Beta secret');
    const vans = sheet.getRow(3);
    expect(vans.getCell(2).value).toBe('Brouillon');
    expect(vans.getCell(4).value).toBe('Crédit-bail');
    expect(vans.getCell(5).value).toEqual(new Date('2024-03-15T00:00:00Z'));
    expect(vans.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(vans.getCell(6).value).toBe(12345.6);
    expect(vans.getCell(6).numFmt).toBe('#,##0.00');
    expect(vans.getCell(7).value).toBe(0.045);
    expect(vans.getCell(7).numFmt).toBe('0.00%');
    // Instants in the client's zone (UTC+14): the wall clock there, as Excel has no zones.
    const created = vans.getCell(8).value as Date;
    const listed = (await call('/api/financing/contracts?name=Vans', alpha.headers)).json()[0]._insertDate as string;
    expect(Math.abs(created.getTime() - (Date.parse(listed) + 14 * 3600_000))).toBeLessThan(1000);
    expect(sheet.getRow(2).getCell(5).value).toBeNull();
  });

  it('streams CSV in the locale: its delimiter, decimals, days and labels; search and header labels from the client', async () => {
    const labels = encodeURIComponent(JSON.stringify(['Nom', 'Montant', 'Début', 'Produit', 'Taux']));
    const res = await call(
      `/api/financing/contracts/export?format=csv&search=martin&sort=name&columns=name,financedAmountExclTax,startDate,quotations.0.financialProduct,quotations.0.rate&labels=${labels}&locale=fr-FR&fileName=Mes contrats`,
      alpha.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Mes contrats.csv')}`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(csvOf(res, ';')).toEqual([
      ['Nom', 'Montant', 'Début', 'Produit', 'Taux'],
      ['Forklift for Martin', '48000,25', '', 'Location longue durée', '5%'],
      ['Vans for Martin', '12345,60', '15/03/2024', 'Crédit-bail', '4,5%'],
    ]);
    const english = await call(
      '/api/financing/contracts/export?format=csv&sort=startDate&columns=name,startDate,financedAmountExclTax',
      alpha.headers,
    );
    expect(csvOf(english, ',')).toEqual([
      ['Name', 'Start date', 'Financed amount excl tax'],
      ['Trucks for Durand', '31-12-2023', '2500.00'],
      ['Printer for Petit', '02-01-2024', '900.00'],
      ['Vans for Martin', '15-03-2024', '12345.60'],
      ['Forklift for Martin', '', '48000.25'],
    ]);
    const german = await call(
      '/api/financing/contracts/export?format=csv&sort=startDate&columns=startDate,financedAmountExclTax&locale=de-DE',
      alpha.headers,
    );
    const de = (await dictionaryOf('de'))!;
    expect(csvOf(german, ';')[0]).toEqual([de['Start date'], de['Financed amount excl tax']]);
    expect(csvOf(german, ';')[0]).not.toEqual(['Start date', 'Financed amount excl tax']);
  });

  it('reads the list in chunks past the first: every row once, in order, whatever the sort', async () => {
    const { listChunks } = await import('./export-rows.ts');
    const { sortKeys, compileListQuery } = await import('../entities/list-query.ts');
    const { cellsSql } = await import('./export-columns.ts');
    const entity = entityByName('Contract')!;
    for (const sort of [undefined, 'startDate', '-startDate', 'name', '-financedAmountExclTax,name']) {
      const q = compileListQuery(entity, sort ? { sort } : {});
      const read: string[] = [];
      for await (const chunk of listChunks({
        db: db.database.db,
        scope: { tenant: 'alpha', user: 'admin@alpha' },
        entity,
        where: q.where,
        keys: sortKeys(entity, sort),
        cells: cellsSql([{ field: 'name', header: 'Name', kind: 'text' }]),
        chunkSize: 1,
      })) {
        read.push(...chunk.map((r) => r[0] as string));
      }
      const listed = (
        (await call(`/api/financing/contracts${sort ? `?sort=${sort}` : ''}`, alpha.headers)).json() as {
          name: string;
        }[]
      ).map((c) => c.name);
      expect(read, String(sort)).toEqual(listed);
    }
  });

  it("refuses bad parameters with the catalogue error naming them, and asks the kind's read permission", async () => {
    const cases: [string, string][] = [
      ['format=pdf', '400|INVALID_FIELD_IN_QUERY|Invalid field format in query: one of xlsx, csv'],
      ['columns=name,secret', '400|INVALID_FIELD_IN_QUERY|Invalid field columns in query: secret is not a field'],
      [
        'columns=persons.personRegistration',
        '400|INVALID_FIELD_IN_QUERY|Invalid field columns in query: persons.personRegistration is not a field',
      ],
      [
        'columns=name&labels=oops',
        '400|INVALID_FIELD_IN_QUERY|Invalid field labels in query: expected a JSON array of texts',
      ],
      [
        'columns=name&labels=["A","B"]',
        '400|INVALID_FIELD_IN_QUERY|Invalid field labels in query: 2 labels for 1 columns',
      ],
      ['sort=persons', '400|INVALID_FIELD_IN_QUERY|Invalid field sort in query: persons is not sortable'],
      ['colour=red', '400|INVALID_FIELD_IN_QUERY|Invalid field colour in query: unknown filter'],
      ['name=(', '400|INVALID_FIELD_IN_QUERY|Invalid field regex in query: invalid regular expression'],
    ];
    for (const [query, error] of cases) {
      const res = await call(`/api/financing/contracts/export?${query}`, alpha.headers);
      expect(res.json().error, query).toBe(error);
    }
    // Hidden fields (where a document's content is kept) are not exported.
    expect((await call('/api/core/documents/export?columns=name,storageKey', alpha.headers)).json().error).toBe(
      '400|INVALID_FIELD_IN_QUERY|Invalid field columns in query: storageKey is not a field',
    );
    const zone = await call('/api/financing/contracts/export', { ...alpha.headers, 'client-timezone': 'Mars/Olympus' });
    expect(zone.json().error).toBe('400|INVALID_FIELD_IN_HEADERS|Invalid field client-timezone in headers');
    const denied = await call('/api/financing/contracts/export', portal.headers);
    expect(denied.json().error).toBe('403|FORBIDDEN|Permission read /api/financing/contracts required');
    expect((await call('/api/financing/contracts/export', {})).statusCode).toBe(401);
    // An auditor reads contracts, so exports them.
    expect((await call('/api/financing/contracts/export?format=csv', auditor.headers)).statusCode).toBe(200);
  });
});

/** Waits until the export leaves QUEUED and RUNNING. */
async function finished(id: string, headers: Record<string, string>) {
  for (let i = 0; i < 200; i++) {
    const doc = (await call(`/api/report/exports/${id}`, headers)).json();
    if (doc.status !== 'QUEUED' && doc.status !== 'RUNNING') return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} did not finish`);
}

describe('background exports', () => {
  it('past the threshold answers 202 and an Export record; done, its file downloads; only its owner and admins see it', async () => {
    for (let i = 0; i < THRESHOLD; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/financing/contracts',
        headers: alpha.headers,
        payload: { name: `Bulk ${i}`, financedAmountExclTax: 100 + i },
      });
    }
    const started = await call(
      '/api/financing/contracts/export?format=csv&sort=name&columns=name,financedAmountExclTax',
      auditor.headers,
    );
    expect(started.statusCode, started.body).toBe(202);
    const record = started.json();
    expect(record).toMatchObject({
      status: 'QUEUED',
      entityName: 'Contract',
      format: 'csv',
      ownerUser: 'auditor@alpha',
      fileName: 'Contracts.csv',
    });
    const done = await finished(record.registration, auditor.headers);
    expect(done).toMatchObject({ status: 'DONE', rowsWritten: 9, total: 9, progress: 1 });
    expect(done.size).toBeGreaterThan(100);
    const file = await call(`/api/report/exports/${record.registration}/content`, auditor.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="Contracts.csv"');
    expect(Number(file.headers['content-length'])).toBe(done.size);
    const lines = csvOf(file, ',');
    expect(lines).toHaveLength(10);
    expect(lines[1]).toEqual(['Bulk 0', '100.00']);
    expect(lines.flat()).not.toContain('Beta secret');

    // Its owner lists it; another user neither lists nor reads it; an admin does both.
    const own = (await call('/api/report/exports', auditor.headers)).json() as { registration: string }[];
    expect(own.map((e) => e.registration)).toEqual([record.registration]);
    expect((await call('/api/report/exports', otherAuditor.headers)).json()).toEqual([]);
    expect((await call(`/api/report/exports?ownerUser=auditor@alpha`, otherAuditor.headers)).json()).toEqual([]);
    expect((await call(`/api/report/exports/${record.registration}`, otherAuditor.headers)).json().error).toBe(
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Export with identifier ${record.registration} not found`,
    );
    expect((await call(`/api/report/exports/${record.registration}/content`, otherAuditor.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call('/api/report/exports', alpha.headers)).json().map((e: { registration: string }) => e.registration),
    ).toContain(record.registration);
    expect((await call(`/api/report/exports/${record.registration}/content`, alpha.headers)).statusCode).toBe(200);
    // Another tenant's id is unknown, by registration or _id; its admin lists none.
    expect((await call(`/api/report/exports/${record.registration}`, beta.headers)).statusCode).toBe(404);
    expect((await call(`/api/report/exports/${record._id}/content`, beta.headers)).statusCode).toBe(404);
    expect((await call('/api/report/exports', beta.headers)).json()).toEqual([]);
    // Its history says who asked and when it ended.
    const history = (
      await call(`/api/core/histories?entityName=Export&entityRegistration=${record.registration}`, alpha.headers)
    ).json() as { action: string }[];
    expect(history.map((h) => h.action).sort()).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    // It ran as a batch on the job queue, which counted its rows as it wrote them.
    expect(record.batchRegistration).toMatch(/^BAT/);
    const batch = (await call(`/api/script/batches/${record.batchRegistration}`, alpha.headers)).json();
    expect(batch).toMatchObject({
      type: 'LIST_EXPORT',
      status: 'SUCCESS',
      done: 9,
      total: 9,
      parameters: { exportRegistration: record.registration },
    });
    expect((await call(`/api/script/batches/${record.batchRegistration}`, beta.headers)).statusCode).toBe(404);
  });

  it('writes xlsx in the background too, read back whole', async () => {
    const started = await call(
      '/api/financing/contracts/export?format=xlsx&sort=-financedAmountExclTax&columns=name,financedAmountExclTax,status',
      alpha.headers,
    );
    expect(started.statusCode).toBe(202);
    const done = await finished(started.json().registration, alpha.headers);
    expect(done.status).toBe('DONE');
    const file = await call(`/api/report/exports/${done.registration}/content`, alpha.headers);
    const rows = rowsOf(await xlsxOf(file));
    expect(rows).toHaveLength(10);
    expect(rows[1]).toEqual(['Forklift for Martin', 48000.25, 'Draft']);
  });

  it('refuses the file of an export that is not done', async () => {
    const record = await inTenant(db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, async (tx) =>
      storage.toDocument(
        await storage.insertRow(tx, entityByName('Export')!, 'alpha', 'admin@alpha', {
          registration: 'EXP900001',
          status: 'RUNNING',
          entityName: 'Contract',
          format: 'csv',
          fileName: 'x.csv',
          ownerUser: 'admin@alpha',
        }),
      ),
    );
    expect((await call(`/api/report/exports/${record.registration}/content`, alpha.headers)).json().error).toBe(
      '409|EXPORT_NOT_READY|Export EXP900001 is running: its file is not ready',
    );
  });
});
