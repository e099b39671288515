import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { uploadFile } from '../testing/multipart.ts';
import { createUser } from '../testing/users.ts';

let t: TestApp;
let reader: { headers: Record<string, string> };
const base = '/api/import/imports';

const upload = (
  user: TestUser | { headers: Record<string, string> },
  name: string,
  content: Buffer | string,
  fields: Record<string, string> = { kind: 'Person' },
) =>
  uploadFile(
    t,
    user as TestUser,
    base,
    { name, content: Buffer.isBuffer(content) ? content : Buffer.from(content), type: 'text/csv' },
    fields,
  );

async function uploaded(name: string, content: Buffer | string, fields?: Record<string, string>) {
  const res = await upload(t.alpha, name, content, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    import: { registration: string; delimiter?: string; encoding?: string };
    mapping: Record<string, string>;
    columns: string[];
  };
}

const call = (method: string, url: string, payload?: unknown, user: { headers: Record<string, string> } = t.alpha) =>
  t.call(method, url, user.headers, payload);

async function runToEnd(registration: string) {
  const started = await call('POST', `${base}/${registration}/run`);
  expect(started.statusCode, started.body).toBe(202);
  for (let i = 0; i < 300; i++) {
    const progress = (await call('GET', `${base}/${registration}/progress`)).json();
    if (['SUCCESS', 'WARNING', 'ERROR'].includes(progress.batch?.status)) return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not end');
}

const personsNamed = async (prefix: string, user = t.alpha) =>
  (
    await call('GET', `/api/person/persons?name=${encodeURIComponent(`^${prefix}`)}&limit=250`, undefined, user)
  ).json() as {
    name: string;
    email?: string;
    registration: string;
    contacts?: { email?: string }[];
  }[];

beforeAll(async () => {
  // A small upload limit, so that a file past it is cheap to send (10 MB in one cell still fits).
  process.env.IMPORT_MAX_BYTES = String(12 * 1048576);
  t = await createTestApp();
  const saved = await call('PUT', '/api/core/tenant-configuration/profilesPermissions', {
    IMPORT_READER: ['read /api/import/imports', 'read all'],
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  reader = await createUser(t.app, t.alpha.headers, {
    username: 'reader@alpha',
    lastName: 'Reader',
    profiles: ['IMPORT_READER'],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('imports of persons', () => {
  it('suggests the mapping from French and English wordings, checks every row, imports, reports and updates by key', async () => {
    const csv = [
      'Raison sociale;E-mail;Prénom;contacts[0].email;Remarque;Type;contacts[0].position',
      'Alpha Import One;one@example.com;Anne;c1@example.com;x;C;CEO',
      'Alpha Import Two;not-an-email;Bob;;y;C',
      ';three@example.com;Carl;;z;C',
      'Alpha Import Four;four@example.com;=HYPERLINK("http://evil");;w;C',
    ].join('\r\n');
    const up = await uploaded('persons.csv', csv);
    expect(up.import.delimiter).toBe(';');
    expect(up.mapping).toEqual({
      'Raison sociale': 'name',
      'E-mail': 'email',
      Prénom: 'firstName',
      'contacts[0].email': 'contacts[0].email',
      Type: 'type',
      'contacts[0].position': 'contacts[0].position',
    });
    const id = up.import.registration;
    const saved = await call('PUT', `${base}/${id}/mapping`, {
      mapping: up.mapping,
      keyField: 'email',
      templateName: 'Persons by mail',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const dry = await call('POST', `${base}/${id}/dry-run`);
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json();
    expect(result).toMatchObject({ totalRows: 4, validRows: 1, failedRows: 3 });
    const byRow = Object.fromEntries(
      result.failures.map((f: { row: number; errors: { field: string; code: string; column: string }[] }) => [
        f.row,
        f.errors,
      ]),
    );
    expect(byRow[3]).toEqual([
      expect.objectContaining({ column: 'E-mail', field: 'email', code: 'INVALID_FIELD_VALUE' }),
    ]);
    expect(byRow[4]).toEqual([expect.objectContaining({ field: 'name', code: 'MISSING_FIELD_IN_BODY' })]);
    expect(byRow[5]).toEqual([
      expect.objectContaining({ column: 'Prénom', field: 'firstName', code: 'IMPORT_FORMULA_REFUSED' }),
    ]);
    // The dry run wrote nothing.
    expect(await personsNamed('Alpha Import')).toHaveLength(0);

    const ended = await runToEnd(id);
    expect(ended.batch.status).toBe('WARNING');
    expect(ended.import).toMatchObject({ status: 'WARNING', createdRows: 1, failedRows: 3, committedRows: 4 });
    const persons = await personsNamed('Alpha Import');
    expect(persons.map((p) => p.name)).toEqual(['Alpha Import One']);
    expect(persons[0].contacts?.[0]?.email).toBe('c1@example.com');

    const report = await call('GET', `${base}/${id}/errors.csv`);
    expect(report.statusCode).toBe(200);
    const lines = report.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Raison sociale;E-mail;Prénom;contacts[0].email;Remarque;Type;contacts[0].position;errors');
    expect(lines).toHaveLength(4);
    // A formula is never written back as one.
    expect(lines[3]).toContain(`;"'=HYPERLINK(""http://evil"")";`);

    // The fixed rows and the first row again: the first updates, the others create.
    const fixed = [
      'Raison sociale;E-mail;Prénom;contacts[0].email;Remarque;Type;contacts[0].position',
      'Alpha Import One bis;one@example.com;Anne;c1@example.com;x;C;CEO',
      'Alpha Import Two;two@example.com;Bob;;y;C',
      'Alpha Import Three;three@example.com;Carl;;z;C',
      'Alpha Import Four;four@example.com;Dan;;w;C',
    ].join('\r\n');
    const again = await uploaded('persons-fixed.csv', fixed, { kind: 'Person', template: 'Persons by mail' });
    expect(again.mapping['E-mail']).toBe('email');
    const second = await runToEnd(again.import.registration);
    expect(second.import).toMatchObject({ status: 'SUCCESS', createdRows: 3, updatedRows: 1, failedRows: 0 });
    const after = await personsNamed('Alpha Import');
    expect(after.map((p) => p.name).sort()).toEqual([
      'Alpha Import Four',
      'Alpha Import One bis',
      'Alpha Import Three',
      'Alpha Import Two',
    ]);
    // Each write is in the History with the import named.
    const history = await call('GET', `/api/core/histories?entityRegistration=${persons[0].registration}`);
    expect(history.body).toContain(again.import.registration);
  });

  it('reads Windows-1252 files, and UTF-8 files with a byte order mark', async () => {
    const latin = Buffer.from('Nom,Téléphone\nSociété Générale Import,+33 1 42 14 20 00\n', 'latin1');
    const up = await uploaded('latin.csv', latin);
    expect(up.import.encoding).toBe('windows-1252');
    expect(up.mapping).toEqual({ Nom: 'name', Téléphone: 'phone' });
    const dry = (await call('POST', `${base}/${up.import.registration}/dry-run`)).json();
    expect(dry).toMatchObject({ totalRows: 1, failedRows: 0 });
    const bom = await uploaded('bom.csv', `\ufeffName,Email\nBom Import,bom@example.com\n`);
    expect(bom.import.encoding).toBe('utf-8');
    expect(bom.columns).toEqual(['Name', 'Email']);
  });

  it('refuses broken text, overlong cells and formulas per row; empty files, wrong sheets and unknown fields per file', async () => {
    const broken = Buffer.concat([
      Buffer.from('Name,Email\nGood Row Import,good@example.com\nBad '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(' Import,bad@example.com\n'),
    ]);
    const up = await uploaded('broken.csv', broken, { kind: 'Person', encoding: 'utf-8' });
    const dry = (await call('POST', `${base}/${up.import.registration}/dry-run`)).json();
    expect(dry.failures).toEqual([
      { row: 3, errors: [expect.objectContaining({ code: 'IMPORT_BROKEN_ENCODING', column: 'Name' })] },
    ]);

    const huge = `Name,Email\nHuge Import,${'a'.repeat(10 * 1048576)}\nSmall Import,small@example.com\n`;
    const big = await uploaded('huge.csv', huge);
    const bigDry = (await call('POST', `${base}/${big.import.registration}/dry-run`)).json();
    expect(bigDry.failures).toEqual([
      { row: 2, errors: [expect.objectContaining({ code: 'IMPORT_CELL_TOO_LONG', column: 'Email' })] },
    ]);
    const report = await call('GET', `${base}/${big.import.registration}/errors.csv`);
    expect(report.body.length).toBeLessThan(40_000);

    const tooLarge = await upload(t.alpha, 'large.csv', `Name\n${'x'.repeat(13 * 1048576)}\n`);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const empty = await upload(t.alpha, 'empty.csv', '\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('IMPORT_EMPTY_FILE');
    const nothing = await upload(t.alpha, 'nothing.csv', '');
    expect(nothing.json().code).toBe('IMPORT_EMPTY_FILE');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['Name', 'Email']);
    sheet.addRow(['Workbook Import', 'wb@example.com']);
    sheet.addRow([{ formula: 'HYPERLINK("http://evil","x")' }, 'f@example.com']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const wrong = await upload(t.alpha, 'book.xlsx', xlsx, { kind: 'Person', sheet: 'Nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'IMPORT_SHEET_NOT_FOUND',
      message: 'Sheet Nope not found; the file holds Clients',
    });
    const book = await uploaded('book.xlsx', xlsx, { kind: 'Person', sheet: 'Clients' });
    const bookDry = (await call('POST', `${base}/${book.import.registration}/dry-run`)).json();
    expect(bookDry).toMatchObject({ totalRows: 2, failedRows: 1 });
    expect(bookDry.failures[0]).toMatchObject({
      row: 3,
      errors: [expect.objectContaining({ code: 'IMPORT_FORMULA_REFUSED' })],
    });

    const notZip = await upload(t.alpha, 'fake.xlsx', 'Name\nx\n');
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().code).toBe('IMPORT_UNREADABLE_FILE');
    const exe = await upload(t.alpha, 'evil.exe', 'MZ');
    expect(exe.json().code).toBe('INVALID_FILE_EXTENSION');
    const unknownKind = await upload(t.alpha, 'a.csv', 'Name\nx\n', { kind: 'Nothing' });
    expect(unknownKind.json().code).toBe('UNSUPPORTED_ENTITY');
    const noKind = await upload(t.alpha, 'a.csv', 'Name\nx\n', {});
    expect(noKind.json().code).toBe('MISSING_FIELD_IN_BODY');
    const badMapping = await call('PUT', `${base}/${up.import.registration}/mapping`, { mapping: { Name: 'nothing' } });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().code).toBe('IMPORT_UNKNOWN_COLUMN');
    const missingColumn = await call('PUT', `${base}/${up.import.registration}/mapping`, {
      mapping: { Other: 'name' },
    });
    expect(missingColumn.json().code).toBe('INVALID_FIELD_VALUE');
  });

  it('keeps each tenant to its imports and asks the write permission to change them', async () => {
    const up = await uploaded('mine.csv', 'Name\nMine Import\n');
    const id = up.import.registration;
    for (const [method, url] of [
      ['GET', `${base}/${id}/mapping`],
      ['GET', `${base}/${id}/progress`],
      ['GET', `${base}/${id}/errors.csv`],
      ['POST', `${base}/${id}/dry-run`],
      ['POST', `${base}/${id}/run`],
    ]) {
      const res = await call(method, url, undefined, t.beta);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', base, undefined, t.beta)).json()).toEqual([]);

    expect((await call('GET', `${base}/${id}/mapping`, undefined, reader)).statusCode).toBe(200);
    expect((await call('GET', base, undefined, reader)).statusCode).toBe(200);
    const refused = await call('POST', `${base}/${id}/dry-run`, undefined, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Permission write /api/import/imports required');
    const upload403 = await upload(reader, 'r.csv', 'Name\nx\n');
    expect(upload403.statusCode).toBe(403);
  });
});
