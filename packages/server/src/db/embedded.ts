import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';

/** The embedded PGlite database running on its own thread, reachable on a Unix socket. */
export interface EmbeddedDatabase {
  socketDir: string;
  /** Serves the database acting as `username` (undefined: the owner) on a new socket, dropping every connection. */
  open(username?: string): Promise<void>;
  /** File syncs made so far (each commit flushes its WAL). */
  stats(): Promise<{ syncs: number }>;
  close(): Promise<void>;
}

/**
 * Starts the embedded database of `dataDir`, which this process then holds: a second server
 * on the same folder would open its own copy of the database and the two would overwrite each
 * other's writes, so it is refused (db/data-dir-lock.ts).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: DataDirLock = lockDataDir(dataDir);
  const socketDir = path.join(dataDir, 'socket');
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir: path.join(dataDir, 'pgdata'), socketDir },
  });
  let next = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (e: Error) => void }>();
  worker.on('message', (msg: { id?: number; ok?: boolean; result?: unknown; error?: string; event?: string }) => {
    if (msg.event === 'error') {
      console.error(`embedded database: ${msg.error}`);
      return;
    }
    const p = pending.get(msg.id!);
    pending.delete(msg.id!);
    if (msg.ok) p?.resolve(msg.result);
    else p?.reject(new Error(msg.error));
  });
  worker.on('error', (error) => pending.forEach((p) => p.reject(error)));
  const send = <T = void>(cmd: 'open' | 'close' | 'stats', username?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ id, cmd, username });
    });
  try {
    await send('open');
  } catch (error) {
    await worker.terminate();
    lock.release();
    throw error;
  }
  return {
    socketDir,
    open: (username) => send('open', username),
    stats: () => send<{ syncs: number }>('stats'),
    close: async () => {
      await send('close');
      await worker.terminate();
      lock.release();
    },
  };
}
