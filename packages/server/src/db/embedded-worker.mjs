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
/**
 * PGlite starts postgres with -F (fsync off), and its WebAssembly runtime makes fdatasync() a
 * no-op and gives files on disk no fsync at all. So fsync is turned on, the WAL is flushed with
 * fsync() (wal_sync_method), and the runtime's fsync of a disk file is made a real one
 * (`durableFiles`): a commit is acknowledged only once its WAL is on disk.
 * PostgreSQL keeps a file open for each table and index it has touched, up to
 * max_files_per_process (1,000), and the WebAssembly runtime cannot tell it how many the
 * process may hold: on the demo that is ~990 descriptors, and under the common limit of 1,024
 * the server could no longer accept a connection. At 128 it closes the least recently used.
 */
const startParams = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'max_files_per_process=128',
];

let db;
let server;
let username;
/** File syncs made since the database was opened (reported by `stats`). */
let syncs = 0;

/** Gives the runtime's disk files (Emscripten's NODEFS) the fsync it lacks. */
function durableFiles(instance) {
  const streamOps = instance.Module.FS.filesystems.NODEFS.stream_ops;
  streamOps.fsync = (stream) => {
    fs.fsyncSync(stream.nfd);
    syncs++;
    return 0;
  };
}

/**
 * PGlite is one database session that every socket connection shares, so what a connection
 * leaves in it (prepared statements, settings, an open transaction, cursors, listeners, locks)
 * would outlive that connection and meet the next one, which knows nothing of it. Each new
 * connection therefore starts from a fresh session, as it would on PostgreSQL. DISCARD ALL is
 * not used: it would also drop the role the database was opened as (PGlite applies it with
 * SET ROLE), and so row-level security.
 */
function freshSession() {
  // Called from the connection event, before the connection's first message is read: the
  // statements take the database's lock first, so they run before anything the client sends.
  if (db.isInTransaction()) void db.exec('ROLLBACK').catch(() => undefined);
  // RESET ALL leaves the role as it is: the owner's connections reset it themselves.
  const role = username ? `SET ROLE ${JSON.stringify(username)};` : 'RESET ROLE;';
  void db
    .exec(
      `CLOSE ALL; DEALLOCATE ALL; RESET ALL; ${role} UNLISTEN *; SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES; DISCARD PLANS`,
    )
    .catch((error) => parentPort.postMessage({ event: 'error', error: String(error?.stack ?? error) }));
}

/**
 * Serves the database acting as `asUser` (undefined: the owner) on a new socket server, which drops
 * the connections of the last one. The database itself is started once: PGlite's own `username`
 * is but a SET ROLE, which each new connection's fresh session applies, so a change of role needs
 * no restart of the database (seconds at every start, between the migration and serving).
 */
async function open(asUser) {
  await server?.stop();
  fs.mkdirSync(socketDir, { recursive: true });
  fs.rmSync(`${socketDir}/.s.PGSQL.5432`, { force: true });
  username = asUser;
  if (!db) {
    db = await PGlite.create({ dataDir, startParams, extensions: { pg_trgm } });
    durableFiles(db);
  }
  server = new PGLiteSocketServer({ db, path: `${socketDir}/.s.PGSQL.5432` });
  server.addEventListener('connection', freshSession);
  await server.start();
}

async function close() {
  await server?.stop();
  await db?.close();
  db = undefined;
}

const commands = {
  open: (msg) => open(msg.username),
  close,
  stats: async () => ({ syncs }),
};

parentPort.on('message', async (msg) => {
  try {
    const result = await commands[msg.cmd](msg);
    parentPort.postMessage({ id: msg.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, ok: false, error: String(error?.stack ?? error) });
  }
});
