import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-app.ts';

/**
 * The web app as the server sends it: compressed twins chosen by Accept-Encoding, hashed assets
 * cached for a year, pages revalidated, the icon as an icon. A built app in miniature (the
 * files and twins a build writes), served by the whole application so that no other hook can
 * change these headers unseen.
 */
const favicon = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public/favicon.ico');
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ registration: 'CT${String(i).padStart(6, '0')}' }`).join(', ')}];\n`;
const asset = '/assets/index-B1a2C3d4.js';

function writeBuiltApp(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><body><div id="root"></div></body></html>',
  );
  fs.copyFileSync(favicon, path.join(dir, 'favicon.ico'));
  const file = path.join(dir, asset);
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
}

describe('web app files', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-web-'));
    writeBuiltApp(webDir);
    db = await createTestDatabase();
    app = await buildApp({ database: db.database, webDir });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, plain text otherwise', async () => {
    const br = await get(asset, 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(asset, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get(asset, encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html and client routes on every use', async () => {
    for (const url of ['/', '/contracts', '/contracts/CT000001', '/imp/demo/contracts', '/index.html']) {
      const page = await get(url, 'br, gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers the icon at /favicon.ico', async () => {
    const icon = await get('/favicon.ico', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the page, for an asset that is not there', async () => {
    const missing = await get('/assets/index-Zz9Yy8Xx.js', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['cache-control'] ?? '')).not.toMatch(/immutable/);
  });

  it('keeps API answers out of every cache', async () => {
    const api = await get('/api/core/users/current', 'br, gzip');
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
