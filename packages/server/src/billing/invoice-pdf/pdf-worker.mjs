// A thread of the PDF pool (pdf-workers.ts): renders the tasks it is sent, one after the other,
// with the fonts and shaped words it keeps from task to task. Plain JavaScript, so that Node loads
// it itself whether the server runs under tsx or vitest; it loads the TypeScript renderers through tsx.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { renderTask } = await import('./pdf-tasks.ts');

parentPort.on('message', async ({ id, task }) => {
  try {
    const pdf = await renderTask(task);
    // A PDF that owns its memory is handed over rather than copied.
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
    parentPort.postMessage({ id, pdf }, own ? [pdf.buffer] : []);
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { name: error?.name ?? 'Error', message: error?.message ?? String(error), stack: error?.stack },
    });
  }
});
