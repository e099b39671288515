/**
 * A pool of worker threads that render PDFs (pdf-worker.mjs), one per core
 * (`os.availableParallelism()`), for the callers that render many: the issue of invoices, dunning
 * letters. Each thread keeps its parsed fonts and shaped words from task to task (pdf-fonts.ts). A
 * task goes to the thread with the fewest waiting; its answer comes back to its own caller whatever
 * the order in which they end. A render's error reaches its caller as an Error; a thread that
 * fails as a whole fails the tasks it held and is replaced at the next task. Idle threads do not
 * keep the process alive.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PdfTask } from './pdf-tasks.ts';

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Answer =
  | { id: number; pdf: Uint8Array }
  | { id: number; error: { name: string; message: string; stack?: string } };

const workerFile = new URL('./pdf-worker.mjs', import.meta.url);

/** How many threads the pool holds at most: one per core the process may use. */
export const pdfThreadCount = Math.max(1, os.availableParallelism());

const threads: Thread[] = [];
let taskIds = 0;

function startThread(): Thread {
  const worker = new Worker(workerFile);
  worker.unref();
  const thread: Thread = { worker, pending: new Map() };
  const failAll = (error: Error) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const { reject } of thread.pending.values()) reject(error);
    thread.pending.clear();
  };
  worker.on('message', (answer: Answer) => {
    const task = thread.pending.get(answer.id);
    if (!task) return;
    thread.pending.delete(answer.id);
    if (thread.pending.size === 0) worker.unref();
    if ('pdf' in answer) task.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else task.reject(Object.assign(new Error(answer.error.message), answer.error));
  });
  worker.on('error', (error) => {
    failAll(error);
    void worker.terminate();
  });
  worker.on('exit', (code) => failAll(new Error(`a PDF thread stopped (exit code ${code})`)));
  threads.push(thread);
  return thread;
}

/** The thread with the fewest tasks, a new one while the pool is not full and all are busy. */
function leastBusy(): Thread {
  let best: Thread | undefined;
  for (const thread of threads) if (!best || thread.pending.size < best.pending.size) best = thread;
  return best && (best.pending.size === 0 || threads.length >= pdfThreadCount) ? best : startThread();
}

/** Renders `task` in a thread of the pool. */
export function renderInPool(task: PdfTask): Promise<Buffer> {
  const thread = leastBusy();
  const id = ++taskIds;
  return new Promise<Buffer>((resolve, reject) => {
    if (thread.pending.size === 0) thread.worker.ref();
    thread.pending.set(id, { resolve, reject });
    thread.worker.postMessage({ id, task });
  });
}

/** Stops the pool's threads (their tasks fail); a later task starts new ones. */
export async function stopPdfThreads(): Promise<void> {
  await Promise.all(threads.splice(0).map((thread) => thread.worker.terminate()));
}
