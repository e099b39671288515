import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { readConfig } from '@lbo/server/config';
import { openDatabase } from '@lbo/server/db/database';
import { buildApp } from '@lbo/server/app';
import { createTenant } from '@lbo/server/product';
import { fileSystemStore } from '@lbo/server/db/object-store';

/**
 * A large document through the API over a real socket: a 200 MB upload streamed into the
 * filesystem store, then downloaded. Target: the server's memory grows by less than 50 MB
 * (resident set, sampled every 50 ms while the transfer runs); throughput is reported.
 */
export interface DocumentsBenchResult {
  megabytes: number;
  upload: { seconds: number; mbPerSecond: number; rssGrowthMB: number };
  download: { seconds: number; mbPerSecond: number; rssGrowthMB: number };
  targets: { rssGrowthMB: number };
  withinTargets: { upload: boolean; download: boolean };
}

const MB = 1_048_576;
const round = (n: number) => Math.round(n * 10) / 10;

/** The highest resident set seen while `work` runs, above the one before it. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMB: number; seconds: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMB: round((peak - before) / MB), seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

/** A PDF-looking stream of `size` bytes, made as it is read (the client holds no copy). */
function pdfStream(size: number): Readable {
  const head = Buffer.from('%PDF-1.4\n');
  const block = Buffer.alloc(MB, 0x20);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = sent === 0 ? Buffer.concat([head, block.subarray(head.length)]) : block;
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

export async function runDocumentsBench({ megabytes = 200 } = {}): Promise<DocumentsBenchResult> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-documents-bench-'));
  const database = await openDatabase({
    ...readConfig({ ...process.env, DATABASE_URL: '' }),
    databaseUrl: undefined,
    dataDir: path.join(work, 'db'),
  });
  const app = await buildApp({ database, objectStore: fileSystemStore(path.join(work, 'objects')) });
  try {
    const password = 'Bench-Pass-1';
    await createTenant(database.db, 'docs', { username: 'admin@docs', password });
    const login = await app.inject({
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { username: 'admin@docs', password },
    });
    const authorization = String(login.headers.authorization);
    await app.inject({
      method: 'PUT',
      url: '/api/core/tenant-configuration/tenant-config',
      headers: { authorization },
      payload: { options: { maxDocumentSize: '1GB' } },
    });
    const contract = (
      await app.inject({
        method: 'POST',
        url: '/api/financing/contracts',
        headers: { authorization },
        payload: { name: 'Large files' },
      })
    ).json().registration;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const size = megabytes * MB;
    const boundary = 'lbo-bench';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

    const upload = await rssGrowth(
      () =>
        new Promise<{ _id: string }>((resolve, reject) => {
          const request = http.request(
            {
              port,
              host: '127.0.0.1',
              method: 'POST',
              path: `/api/financing/contracts/${contract}/documents`,
              headers: {
                authorization,
                'content-type': `multipart/form-data; boundary=${boundary}`,
                'content-length': head.length + size + tail.length,
              },
            },
            (response) => {
              let body = '';
              response.on('data', (c) => {
                body += c;
              });
              response.on('end', () =>
                response.statusCode === 201
                  ? resolve(JSON.parse(body))
                  : reject(new Error(`${response.statusCode} ${body}`)),
              );
            },
          );
          request.on('error', reject);
          request.write(head);
          const content = pdfStream(size);
          content.pipe(request, { end: false });
          content.on('end', () => request.end(tail));
        }),
    );

    const download = await rssGrowth(
      () =>
        new Promise<number>((resolve, reject) => {
          http
            .get(
              {
                port,
                host: '127.0.0.1',
                path: `/api/financing/contracts/${contract}/documents/${upload.result._id}/content`,
                headers: { authorization },
              },
              (response) => {
                let received = 0;
                response.on('data', (chunk: Buffer) => {
                  received += chunk.length;
                });
                response.on('end', () =>
                  received === size ? resolve(received) : reject(new Error(`received ${received} of ${size} bytes`)),
                );
              },
            )
            .on('error', reject);
        }),
    );

    const rate = (seconds: number) => round(megabytes / seconds);
    return {
      megabytes,
      upload: { seconds: round(upload.seconds), mbPerSecond: rate(upload.seconds), rssGrowthMB: upload.growthMB },
      download: {
        seconds: round(download.seconds),
        mbPerSecond: rate(download.seconds),
        rssGrowthMB: download.growthMB,
      },
      targets: { rssGrowthMB: 50 },
      withinTargets: { upload: upload.growthMB < 50, download: download.growthMB < 50 },
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
