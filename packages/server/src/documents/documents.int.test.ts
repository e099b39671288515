import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { inTenant } from '../db/database.ts';
import { fileSystemStore, s3Store } from '../db/object-store.ts';
import { attachDemoContents } from './demo-contents.ts';
import * as storage from '../entities/storage.ts';
import { entityByName } from '@lbo/model/entity-registry';
import { startS3Server } from '../testing/s3-server.ts';
import { BOUNDARY, multipartBody, uploadFile, type SentFile } from '../testing/multipart.ts';

/**
 * Documents of every kind: upload, list, content, rename and delete through the parent's routes,
 * on the filesystem store; the spec's file rules with their exact messages; an interrupted upload
 * leaves nothing; another tenant reaches nothing.
 */
let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const boundary = BOUNDARY;
const upload = (user: TestUser, url: string, file: SentFile, fields: Record<string, string> = {}) =>
  uploadFile(t, user, url, file, fields);

const created = async (user: TestUser, route: string, body: object) => {
  const res = await t.call('POST', `/api/${route}`, user.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().registration as string;
};

/** Every file of the filesystem store (part files included). */
const storedFiles = (): string[] => {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return walk(t.objectsDir);
};
/** The objects of the store under test. */
const storedObjects = async (): Promise<string[]> => (s3 ? s3.objectKeys() : storedFiles());
const documentCount = (tenant: string) =>
  inTenant(t.db.database.db, { tenant, user: 'test' }, async (tx) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM document`.execute(tx)).rows[0].n),
  );
const errorOf = (res: LightMyRequestResponse) => res.json().error as string;

describe.each(['filesystem', 'S3'] as const)('documents of a record, on the %s store', (store) => {
  beforeAll(async () => {
    await t?.close();
    await s3?.stop();
    s3 = store === 'S3' ? await startS3Server() : undefined;
    t = await createTestApp({}, s3 ? { objectStore: s3Store(s3.settings) } : {});
  });

  it('are uploaded, listed, read (download, base64, inline), renamed and deleted on three kinds', async () => {
    const parents = [
      ['financing/contracts', await created(t.alpha, 'financing/contracts', { name: 'Documented contract' })],
      [
        'person/persons',
        await created(t.alpha, 'person/persons', { type: 'I', firstName: 'Ada', lastName: 'Lovelace' }),
      ],
      ['asset/assets', await created(t.alpha, 'asset/assets', { name: 'Documented van' })],
    ];
    for (const [route, registration] of parents) {
      const base = `/api/${route}/${registration}/documents`;
      const first = await upload(
        t.alpha,
        base,
        { name: 'contrat signé.pdf', content: pdf },
        { type: 'CONTRACT', name: 'Signed contract.pdf' },
      );
      expect(first.statusCode, first.body).toBe(201);
      const doc = first.json();
      expect(doc).toMatchObject({
        name: 'Signed contract.pdf',
        type: 'CONTRACT',
        size: pdf.length,
        contentType: 'application/pdf',
        status: 'UPLOADED',
        entityRegistration: registration,
      });
      expect(doc._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(doc.storageKey).toBeUndefined();
      const second = (
        await upload(t.alpha, base, { name: 'photo.pdf', content: pdf }, { type: 'BANK_DETAILS', sortIndex: '2' })
      ).json();

      const listed = await t.call('GET', `${base}?type=CONTRACT,BANK_DETAILS&sort=-type,sortIndex`, t.alpha.headers);
      expect(listed.json().map((d: { _id: string }) => d._id)).toEqual([doc._id, second._id]);
      expect((await t.call('GET', `${base}?type=BANK_DETAILS`, t.alpha.headers)).json()).toHaveLength(1);

      const content = await t.call('GET', `${base}/${doc._id}/content`, t.alpha.headers);
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(pdf)).toBe(true);
      expect(content.headers['content-type']).toBe('application/pdf');
      expect(content.headers['content-disposition']).toBe(
        `attachment; filename="Signed contract.pdf"; filename*=UTF-8''Signed%20contract.pdf`,
      );
      const inline = await t.call('GET', `${base}/${doc._id}/content?contentDisposition=inline`, t.alpha.headers);
      expect(inline.headers['content-disposition']).toMatch(/^inline; /);
      expect((await t.call('GET', `${base}/${doc._id}/content?base64=true`, t.alpha.headers)).body).toBe(
        pdf.toString('base64'),
      );
      const byId = await t.call('GET', `/api/core/documents/${doc._id}/content?entityName=Document`, t.alpha.headers);
      expect(byId.rawPayload.equals(pdf)).toBe(true);

      const renamed = await t.call('PATCH', `${base}/${doc._id}`, t.alpha.headers, {
        name: 'Renamed.pdf',
        sortIndex: 1,
      });
      expect(renamed.json()).toMatchObject({ name: 'Renamed.pdf', sortIndex: 1, size: pdf.length });

      const before = (await storedObjects()).length;
      expect((await t.call('DELETE', `${base}/${doc._id}`, t.alpha.headers)).statusCode).toBe(200);
      expect(await storedObjects()).toHaveLength(before - 1);
      expect((await t.call('GET', `${base}/${doc._id}/content`, t.alpha.headers)).statusCode).toBe(404);
      expect((await t.call('GET', base, t.alpha.headers)).json()).toHaveLength(1);
      const history = await t.call(
        'GET',
        `/api/core/histories?entityName=Document&entityRegistration=${doc.registration}`,
        t.alpha.headers,
      );
      expect(
        history
          .json()
          .map((h: { action: string }) => h.action)
          .sort(),
      ).toEqual(['CREATE', 'DELETE', 'UPDATE']);
    }
  });

  it("refuses a file too large, an extension not accepted and a disguised program with the spec's messages, writing nothing", async () => {
    const contract = await created(t.alpha, 'financing/contracts', { name: 'Refusals' });
    const base = `/api/financing/contracts/${contract}/documents`;
    const config = await t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.alpha.headers, {
      options: { maxDocumentSize: '1KB', documentExtensions: ['pdf', 'png'] },
    });
    expect(config.statusCode, config.body).toBe(200);
    const documents = await documentCount('alpha');
    const files = (await storedObjects()).length;

    const big = Buffer.concat([pdf, Buffer.alloc(2000, 0x20)]);
    const tooLarge = await upload(t.alpha, base, { name: 'big.pdf', content: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toBe('413|FILE_TOO_LARGE|File too large. Max size 1KB');
    const forbidden = await upload(t.alpha, base, { name: 'tool.exe', content: Buffer.from('MZ\x90\x00') });
    expect(errorOf(forbidden)).toBe(
      '400|FORBIDDEN_DOCUMENT_EXTENSION|Forbidden document extension "exe". Accepted formats: pdf, png',
    );
    const disguised = await upload(t.alpha, base, {
      name: 'invoice.pdf',
      content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode'),
    });
    expect(errorOf(disguised)).toBe('400|DOCUMENT_CONTENT_MISMATCH|The content of invoice.pdf is not a pdf file');
    const fakeImage = await upload(t.alpha, base, { name: 'scan.png', content: pdf });
    expect(errorOf(fakeImage)).toBe('400|DOCUMENT_CONTENT_MISMATCH|The content of scan.png is not a png file');
    const noFile = await t.call('POST', base, t.alpha.headers, { name: 'x' });
    expect(noFile.statusCode).toBe(400);

    expect(await documentCount('alpha')).toBe(documents);
    expect(await storedObjects()).toHaveLength(files);
    const badConfig = await t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.alpha.headers, {
      options: { maxDocumentSize: 'huge' },
    });
    expect(errorOf(badConfig)).toBe(
      '400|INVALID_FIELD_IN_CONFIG|Invalid field options.maxDocumentSize in configuration: a size like 5MB',
    );
    await t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.alpha.headers, { options: {} });
  });

  it('leaves neither a record nor a file when an upload is cut off midway', async () => {
    const contract = await created(t.alpha, 'financing/contracts', { name: 'Interrupted' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const documents = await documentCount('alpha');
    const files = (await storedObjects()).length;
    const body = multipartBody({ name: 'long.pdf', content: Buffer.concat([pdf, Buffer.alloc(600_000, 0x20)]) });
    const sent = body.subarray(0, 300_000);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/financing/contracts/${contract}/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${t.alpha.headers.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(sent);
    // The content is on its way into the store when the client goes away.
    if (store === 'filesystem')
      await expect.poll(() => storedFiles().filter((f) => f.includes('.part-')).length, { timeout: 5000 }).toBe(1);
    else await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();
    // The server notices the closed socket; nothing it began may remain.
    await expect.poll(async () => (await storedObjects()).length, { timeout: 5000 }).toBe(files);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await documentCount('alpha')).toBe(documents);
    expect(storedFiles().filter((f) => f.includes('.part-'))).toEqual([]);
  });

  it('open in a new window with the token of that one document, without the session', async () => {
    const contract = await created(t.alpha, 'financing/contracts', { name: 'Linked' });
    const base = `/api/financing/contracts/${contract}/documents`;
    const one = (await upload(t.alpha, base, { name: 'one.pdf', content: pdf })).json();
    const two = (await upload(t.alpha, base, { name: 'two.pdf', content: pdf })).json();
    const listed = (await t.call('GET', base, t.alpha.headers)).json() as { _id: string; token: string }[];
    const tokenOf = (id: string) => listed.find((d) => d._id === id)!.token;
    const inline = await t.call(
      'GET',
      `${base}/${one._id}/content?contentDisposition=inline&token=${tokenOf(one._id)}`,
    );
    expect(inline.statusCode, inline.body).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="one.pdf"/);
    expect(inline.rawPayload.equals(pdf)).toBe(true);
    expect((await t.call('GET', `/api/core/documents/${one._id}/content?token=${tokenOf(one._id)}`)).statusCode).toBe(
      200,
    );
    // Bound to its document: not another one, not altered, not a session token.
    expect((await t.call('GET', `${base}/${two._id}/content?token=${tokenOf(one._id)}`)).statusCode).toBe(401);
    expect(
      (await t.call('GET', `${base}/${one._id}/content?token=${tokenOf(one._id).slice(0, -2)}xx`)).statusCode,
    ).toBe(401);
    expect((await t.call('GET', `${base}/${one._id}/content?token=${t.alpha.token}`)).statusCode).toBe(401);
    // Another tenant's record under the same token finds nothing.
    const betaContract = await created(t.beta, 'financing/contracts', { name: 'Beta link' });
    expect(
      (
        await t.call(
          'GET',
          `/api/financing/contracts/${betaContract}/documents/${one._id}/content?token=${tokenOf(one._id)}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('are out of reach of another tenant, by the parent and by the document', async () => {
    const contract = await created(t.alpha, 'financing/contracts', { name: 'Private' });
    const base = `/api/financing/contracts/${contract}/documents`;
    const doc = (await upload(t.alpha, base, { name: 'private.pdf', content: pdf })).json();
    const betaContract = await created(t.beta, 'financing/contracts', { name: 'Beta' });
    const betaBase = `/api/financing/contracts/${betaContract}/documents`;
    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['GET', `${base}/${doc._id}/content`],
      ['PATCH', `${base}/${doc._id}`, { name: 'stolen.pdf' }],
      ['DELETE', `${base}/${doc._id}`],
      ['GET', `${betaBase}/${doc._id}/content`],
      ['PATCH', `${betaBase}/${doc._id}`, { name: 'stolen.pdf' }],
      ['DELETE', `${betaBase}/${doc._id}`],
      ['GET', `/api/core/documents/${doc._id}/content`],
      ['GET', `/api/core/documents/${doc._id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.call(method, url, t.beta.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await upload(t.beta, base, { name: 'intrusion.pdf', content: pdf })).statusCode).toBe(404);
    expect((await t.call('GET', `${base}/${doc._id}/content`, t.alpha.headers)).rawPayload.equals(pdf)).toBe(true);
    expect((await t.call('GET', base, t.alpha.headers)).json()).toHaveLength(1);
  });

  it('of the demo book open as PDFs, given once', async () => {
    const contract = await created(t.alpha, 'financing/contracts', { name: 'Demo contract' });
    const id = await inTenant(
      t.db.database.db,
      { tenant: 'alpha', user: 'test' },
      async (tx) =>
        (
          await storage.insertRow(tx, entityByName('Document')!, 'alpha', 'test', {
            registration: 'DOCDEMO1',
            name: 'offer-CT.pdf',
            type: 'CONTRACT',
            status: 'UPLOADED',
            entityName: 'Contract',
            entityRegistration: contract,
          })
        )._id,
    );
    const store = s3 ? s3Store(s3.settings) : fileSystemStore(t.objectsDir);
    expect(await attachDemoContents(t.db.database.db, store, 'alpha')).toBe(1);
    expect(await attachDemoContents(t.db.database.db, store, 'alpha')).toBe(0);
    const content = await t.call(
      'GET',
      `/api/financing/contracts/${contract}/documents/${id}/content`,
      t.alpha.headers,
    );
    expect(content.statusCode).toBe(200);
    const text = content.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(`(Contract ${contract})`);
    // The cross-reference table points at each object.
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.startsWith(`${i + 1} 0 obj\n`, offset)).toBe(true));
    expect(Number(/startxref\n(\d+)/.exec(text)![1])).toBe(text.indexOf('xref\n'));
  });

  it("are not written by the generic routes of Document, whose records only their parent's routes make", async () => {
    const documents = await documentCount('alpha');
    const refused = await t.call('POST', '/api/core/documents', t.alpha.headers, { name: 'no file' });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(await documentCount('alpha')).toBe(documents);
  });
});
