/**
 * Hosts the embedded PGlite database on a worker thread and serves it over the PostgreSQL
 * wire protocol on a Unix socket, so that its queries never run on the request thread and
 * the server speaks plain `pg` in both modes. Plain JavaScript: workers start without the
 * TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketDir } = workerData;
// PGlite starts postgres with -F (fsync off); without it every commit is flushed to disk.
const startParams = PGlite.defaultStartParams.filter((p) => p !== '-F');

let db;
let server;

async function open(username) {
  await server?.stop();
  await db?.close();
  fs.mkdirSync(socketDir, { recursive: true });
  fs.rmSync(`${socketDir}/.s.PGSQL.5432`, { force: true });
  db = await PGlite.create({ dataDir, startParams, extensions: { pg_trgm }, ...(username ? { username } : {}) });
  server = new PGLiteSocketServer({ db, path: `${socketDir}/.s.PGSQL.5432` });
  await server.start();
}

parentPort.on('message', async (msg) => {
  try {
    if (msg.cmd === 'open') await open(msg.username);
    else {
      await server?.stop();
      await db?.close();
      db = undefined;
    }
    parentPort.postMessage({ id: msg.id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, ok: false, error: String(error?.stack ?? error) });
  }
});
