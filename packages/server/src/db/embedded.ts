import { Worker } from 'node:worker_threads';
import path from 'node:path';

/** The embedded PGlite database running on its own thread, reachable on a Unix socket. */
export interface EmbeddedDatabase {
  socketDir: string;
  /** Reopens the database acting as `username` (undefined: the owner). */
  open(username?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const socketDir = path.join(dataDir, 'socket');
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir: path.join(dataDir, 'pgdata'), socketDir },
  });
  let next = 0;
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  worker.on('message', (msg: { id: number; ok: boolean; error?: string }) => {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.ok) p?.resolve();
    else p?.reject(new Error(msg.error));
  });
  worker.on('error', (error) => pending.forEach((p) => p.reject(error)));
  const send = (cmd: 'open' | 'close', username?: string) =>
    new Promise<void>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, cmd, username });
    });
  await send('open');
  return {
    socketDir,
    open: (username) => send('open', username),
    close: async () => {
      await send('close');
      await worker.terminate();
    },
  };
}
