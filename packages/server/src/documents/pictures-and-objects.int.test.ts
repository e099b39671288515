import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { startS3Server } from '../testing/s3-server.ts';
import { uploadFile } from '../testing/multipart.ts';
import { inTenant } from '../db/database.ts';
import { fileSystemStore, s3Store, type ObjectStore } from '../db/object-store.ts';
import { sweepOrphanObjects } from './orphan-sweeper.ts';
import { attachDemoPictures } from './demo-contents.ts';
import { Readable } from 'node:stream';

/**
 * Pictures of a record (MAINIMAGE / IMAGE, their order and thumbnails), user photos kept in the
 * object store, and the sweeper that removes objects no record names — on both stores.
 */
let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
let store: ObjectStore;
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    [format]()
    .toBuffer();
const keys = async (): Promise<string[]> => {
  const found: string[] = [];
  for await (const object of store.list()) found.push(object.key);
  return found.sort();
};
const asset = async (name: string) => {
  const res = await t.call('POST', '/api/asset/assets', t.alpha.headers, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().registration as string;
};

describe.each(['filesystem', 'S3'] as const)('on the %s store', (kind) => {
  beforeAll(async () => {
    await t?.close();
    await s3?.stop();
    s3 = kind === 'S3' ? await startS3Server() : undefined;
    t = await createTestApp({}, s3 ? { objectStore: s3Store(s3.settings) } : {});
    store = s3 ? s3Store(s3.settings) : fileSystemStore(t.objectsDir);
  });

  it('a picture gets a thumbnail that fits in 320 px; deleting the picture removes both', async () => {
    const base = `/api/asset/assets/${await asset('Photographed van')}/documents`;
    const before = await keys();
    const big = await picture(1600, 900);
    const res = await uploadFile(
      t,
      t.alpha,
      base,
      { name: 'front.png', content: big, type: 'image/png' },
      { type: 'MAINIMAGE' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'MAINIMAGE', thumbnail: true });
    expect(res.json().thumbnailKey).toBeUndefined();
    expect(await keys()).toHaveLength(before.length + 2);

    const thumbnail = await t.call('GET', `${base}/${res.json()._id}/content?thumbnail=true`, t.alpha.headers);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['jpeg', 320, 180]);
    const original = await t.call('GET', `${base}/${res.json()._id}/content`, t.alpha.headers);
    expect(original.rawPayload.equals(big)).toBe(true);

    // A PDF has no thumbnail: asking for one answers the content.
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const doc = (await uploadFile(t, t.alpha, base, { name: 'papers.pdf', content: pdf })).json();
    expect(doc.thumbnail).toBeUndefined();
    expect(
      (await t.call('GET', `${base}/${doc._id}/content?thumbnail=true`, t.alpha.headers)).rawPayload.equals(pdf),
    ).toBe(true);

    expect((await t.call('DELETE', `${base}/${res.json()._id}`, t.alpha.headers)).statusCode).toBe(200);
    expect(await keys()).toHaveLength(before.length + 1);
  });

  it('a record keeps one main picture; pictures are ordered by sortIndex and reordered by PATCH', async () => {
    const base = `/api/asset/assets/${await asset('Van with pictures')}/documents`;
    const send = async (name: string, fields: Record<string, string>) =>
      (
        await uploadFile(t, t.alpha, base, { name, content: await picture(40, 30, 'jpeg'), type: 'image/jpeg' }, fields)
      ).json();
    const first = await send('first.jpg', { type: 'MAINIMAGE' });
    const side = await send('side.jpg', { type: 'IMAGE', sortIndex: '1' });
    const back = await send('back.jpg', { type: 'IMAGE', sortIndex: '2' });
    const order = async () =>
      (await t.call('GET', `${base}?type=MAINIMAGE,IMAGE&sort=-type,sortIndex`, t.alpha.headers))
        .json()
        .map((d: { name: string; type: string }) => `${d.type}:${d.name}`);
    expect(await order()).toEqual(['MAINIMAGE:first.jpg', 'IMAGE:side.jpg', 'IMAGE:back.jpg']);

    // Back before side; then the back view becomes the main picture, the former one an ordinary picture.
    await t.call('PATCH', `${base}/${back._id}`, t.alpha.headers, { sortIndex: 0 });
    expect(await order()).toEqual(['MAINIMAGE:first.jpg', 'IMAGE:back.jpg', 'IMAGE:side.jpg']);
    const promoted = await t.call('PATCH', `${base}/${back._id}`, t.alpha.headers, { type: 'MAINIMAGE' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await order()).toEqual(['MAINIMAGE:back.jpg', 'IMAGE:side.jpg', 'IMAGE:first.jpg']);
    // A new main picture uploaded demotes the current one too, with its history.
    await send('new.jpg', { type: 'MAINIMAGE' });
    expect((await order()).filter((o: string) => o.startsWith('MAINIMAGE'))).toEqual(['MAINIMAGE:new.jpg']);
    const history = await t.call(
      'GET',
      `/api/core/histories?entityName=Document&entityRegistration=${back.registration}`,
      t.alpha.headers,
    );
    expect(
      history
        .json()
        .map((h: { action: string }) => h.action)
        .sort(),
    ).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE']);
    expect(side._id).toBeDefined();
  });

  it('user photos are kept in the store; a photo kept in its row moves there when read', async () => {
    const url = '/api/core/users/admin@alpha/photo';
    const photo = await picture(64, 64);
    const before = await keys();
    const sent = await uploadFile(t, t.alpha, url, { name: 'me.png', content: photo, type: 'image/png' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await keys()).toHaveLength(before.length + 1);
    // Replacing removes the former photo.
    const second = await picture(32, 32);
    await uploadFile(t, t.alpha, url, { name: 'me.png', content: second, type: 'image/png' });
    expect(await keys()).toHaveLength(before.length + 1);
    expect((await t.call('GET', url, t.alpha.headers)).rawPayload.equals(second)).toBe(true);
    // A refused file writes nothing.
    const refused = await uploadFile(t, t.alpha, url, {
      name: 'me.png',
      content: Buffer.from('MZ not a picture'),
      type: 'image/png',
    });
    expect(refused.statusCode).toBe(400);
    expect(await keys()).toHaveLength(before.length + 1);

    // As photos were before they moved: in the row.
    const stored = await inTenant(
      t.db.database.db,
      { tenant: 'alpha', user: 'test' },
      async (tx) =>
        (
          await sql<{ key: string }>`UPDATE user_photo SET content = ${photo}, storage_key = NULL
      WHERE tenant = 'alpha' RETURNING (SELECT storage_key FROM user_photo WHERE tenant = 'alpha') AS key`.execute(tx)
        ).rows[0].key,
    );
    await store.remove(stored);
    const read = await t.call('GET', url, t.alpha.headers);
    expect(read.rawPayload.equals(photo)).toBe(true);
    const row = await inTenant(
      t.db.database.db,
      { tenant: 'alpha', user: 'test' },
      async (tx) =>
        (
          await sql<{
            content: Buffer | null;
            storage_key: string | null;
          }>`SELECT content, storage_key FROM user_photo WHERE tenant = 'alpha'`.execute(tx)
        ).rows[0],
    );
    expect(row.content).toBeNull();
    expect((await store.get(row.storage_key!))?.size).toBe(photo.length);
    expect((await t.call('GET', url, t.alpha.headers)).rawPayload.equals(photo)).toBe(true);

    expect((await t.call('DELETE', url, t.alpha.headers)).json()).toMatchObject({ deleted: true });
    expect(await store.get(row.storage_key!)).toBeUndefined();
  });

  it("the demo book's first assets get photos, once", async () => {
    await asset('Demo truck');
    const given = await attachDemoPictures(t.db.database.db, store, 'alpha', 2);
    expect(given).toBeGreaterThan(0);
    expect(await attachDemoPictures(t.db.database.db, store, 'alpha', 2)).toBe(0);
    const assets = (await t.call('GET', '/api/asset/assets?sort=registration', t.alpha.headers)).json() as {
      registration: string;
    }[];
    const pictured = [];
    for (const { registration } of assets) {
      const pictures = (
        await t.call(
          'GET',
          `/api/asset/assets/${registration}/documents?type=MAINIMAGE,IMAGE&sort=-type,sortIndex`,
          t.alpha.headers,
        )
      ).json();
      if (pictures.length) pictured.push(pictures);
    }
    const demo = pictured.filter((p) => p.some((d: { name: string }) => d.name.endsWith('-front.jpg')));
    expect(demo).toHaveLength(given);
    for (const pictures of demo) {
      expect(pictures.map((d: { type: string; thumbnail?: boolean }) => [d.type, d.thumbnail])).toEqual([
        ['MAINIMAGE', true],
        ['IMAGE', true],
      ]);
      const photo = await t.call(
        'GET',
        `/api/asset/assets/${pictures[0].entityRegistration}/documents/${pictures[0]._id}/content`,
        t.alpha.headers,
      );
      expect((await sharp(photo.rawPayload).metadata()).width).toBe(800);
    }
  });

  it("object storage containers group the tenant's objects by what names them, orphans apart, and sweep them", async () => {
    const base = `/api/asset/assets/${await asset('Container van')}/documents`;
    const doc = (
      await uploadFile(t, t.alpha, base, { name: 'box.png', content: await picture(30, 30), type: 'image/png' })
    ).json();
    await store.put('alpha/00000000-0000-4000-8000-00000000000a', Readable.from([Buffer.from('left over')]));
    const containers = (await t.call('GET', '/api/core/object-storage-containers', t.alpha.headers)).json() as {
      name: string;
      objects: number;
      size: number;
    }[];
    const named = Object.fromEntries(containers.map((c) => [c.name, c]));
    expect(Object.keys(named)).toEqual(expect.arrayContaining(['documents', 'thumbnails', 'orphans']));
    expect(named.orphans.objects).toBeGreaterThanOrEqual(1);
    const documents = (await t.call('GET', '/api/core/object-storage-containers/documents', t.alpha.headers)).json();
    expect(documents.objects).toContainEqual(
      expect.objectContaining({ entityName: 'Document', registration: doc.registration, name: 'box.png' }),
    );
    expect(documents.objects.every((o: { key: string }) => !o.key.startsWith('alpha/'))).toBe(true);
    const orphans = (await t.call('GET', '/api/core/object-storage-containers/orphans', t.alpha.headers)).json();
    expect(orphans.objects.map((o: { key: string }) => o.key)).toContain('00000000-0000-4000-8000-00000000000a');
    expect((await t.call('GET', '/api/core/object-storage-containers/nothing-here', t.alpha.headers)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', '/api/core/object-storage-containers/Bad%20Name', t.alpha.headers)).statusCode).toBe(
      400,
    );
    // Another tenant sees none of it.
    const beta = (await t.call('GET', '/api/core/object-storage-containers', t.beta.headers)).json() as {
      name: string;
      objects: number;
    }[];
    expect(beta.find((c) => c.name === 'documents')).toBeUndefined();
    expect((await t.call('GET', '/api/core/object-storage-containers/orphans', t.beta.headers)).statusCode).toBe(404);
    // Sweeping keeps an orphan younger than the grace period; on disk, an old one goes.
    const swept = await t.call('POST', '/api/core/object-storage-containers/orphans/sweep', t.alpha.headers);
    expect(swept.json().removed).toBe(0);
    if (kind === 'filesystem') {
      const old = new Date(Date.now() - 2 * 3600_000);
      fs.utimesSync(path.join(t.objectsDir, 'alpha', '00000000-0000-4000-8000-00000000000a'), old, old);
      expect(
        (await t.call('POST', '/api/core/object-storage-containers/orphans/sweep', t.beta.headers)).json().removed,
      ).toBe(0);
      expect(
        (await t.call('POST', '/api/core/object-storage-containers/orphans/sweep', t.alpha.headers)).json().removed,
      ).toBe(1);
      expect(await store.get('alpha/00000000-0000-4000-8000-00000000000a')).toBeUndefined();
    }
    expect((await t.call('GET', `${base}/${doc._id}/content`, t.alpha.headers)).statusCode).toBe(200);
    await store.remove('alpha/00000000-0000-4000-8000-00000000000a');
  });

  it("name the kinds whose records have documents, and their documents' types, for the tasks screens", async () => {
    const kinds = (await t.call('GET', '/api/script/runs/document-entities-with-workflow', t.alpha.headers)).json();
    expect(kinds).toContain('Asset');
    expect(kinds).toEqual([...kinds].sort());
    expect(
      (await t.call('GET', '/api/script/runs/document-types-with-workflow?entityNames=Asset', t.alpha.headers)).json(),
    ).toEqual(expect.arrayContaining(['IMAGE', 'MAINIMAGE']));
    expect(
      (
        await t.call('GET', '/api/script/runs/document-types-with-workflow?entityNames=Contract', t.alpha.headers)
      ).json(),
    ).not.toContain('MAINIMAGE');
    expect((await t.call('GET', '/api/script/runs/document-entities-with-workflow', t.beta.headers)).json()).toEqual(
      [],
    );
  });

  it('the sweeper removes objects no record names once they are old enough, and nothing else', async () => {
    const base = `/api/asset/assets/${await asset('Swept van')}/documents`;
    const kept = (
      await uploadFile(t, t.alpha, base, { name: 'kept.png', content: await picture(50, 50), type: 'image/png' })
    ).json();
    await uploadFile(t, t.alpha, '/api/core/users/admin@alpha/photo', {
      name: 'me.png',
      content: await picture(20, 20),
      type: 'image/png',
    });
    // Left by a crash between the content and its record, in two tenants; and one just written.
    await store.put('alpha/00000000-0000-4000-8000-000000000001', Readable.from([Buffer.from('orphan')]));
    await store.put('beta/00000000-0000-4000-8000-000000000002', Readable.from([Buffer.from('orphan')]));
    const everything = await keys();

    const early = await sweepOrphanObjects(t.db.database.db, store);
    expect(early.removed).toEqual([]);
    const later = await sweepOrphanObjects(t.db.database.db, store, { now: new Date(Date.now() + 2 * 3600_000) });
    expect(later.removed.sort()).toEqual([
      'alpha/00000000-0000-4000-8000-000000000001',
      'beta/00000000-0000-4000-8000-000000000002',
    ]);
    expect(await keys()).toEqual(everything.filter((k) => !later.removed.includes(k)));
    // The kept picture still opens, with its thumbnail.
    expect((await t.call('GET', `${base}/${kept._id}/content?thumbnail=true`, t.alpha.headers)).statusCode).toBe(200);
    if (kind === 'filesystem')
      expect(fs.readdirSync(path.join(t.objectsDir, 'alpha')).some((f) => f.includes('.part-'))).toBe(false);
  });
});
