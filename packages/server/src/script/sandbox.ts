import { Worker } from 'node:worker_threads';
import { ApiError } from '@lbo/model/errors';

/**
 * The sandbox of tenant scripts (docs/scripts.md): each run is a worker thread of its own
 * (sandbox-worker.mjs) holding a fresh QuickJS engine compiled to WebAssembly, the asyncify
 * build, so that a host call reading the database looks synchronous to the script. The script sees
 * only its `context`, `console`, and the host calls handed in (`lbo`); no `require`, `process`,
 * `fetch`, module loader nor timers exist in QuickJS's bare context. QuickJS stops the script at
 * the memory limit and, through its interrupt handler, at the time limit; a native call that
 * never returns to the interpreter (a huge `Array.fill`) is stopped by terminating the thread a
 * little later. Off the server's thread, a busy script never holds other requests up.
 */
export interface SandboxLimits {
  timeMs: number;
  memoryBytes: number;
}

export const defaultLimits = (env: Record<string, string | undefined> = process.env): SandboxLimits => ({
  timeMs: positive(env.SCRIPT_TIME_LIMIT_MS) ?? 2000,
  memoryBytes: (positive(env.SCRIPT_MEMORY_LIMIT_MB) ?? 32) * 1024 * 1024,
});

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}

export interface ConsoleLine {
  level: 'log' | 'info' | 'warn' | 'error';
  output: string;
  time: string;
}

/** A host call the script makes through `lbo.{name}(…args)`: JSON in, JSON out, refusals as ApiError. */
export type HostCall = (name: string, args: unknown[]) => Promise<unknown>;

export interface SandboxRun {
  name: string;
  code: string;
  /** What `execute(context)` receives (plain JSON). */
  context: unknown;
  host?: HostCall;
  limits: SandboxLimits;
}

export interface SandboxOutcome {
  result: unknown;
  logs: ConsoleLine[];
  durationMs: number;
  error?: ApiError;
}

/** How the worker says a run failed. */
interface Failure {
  phase: 'load' | 'run';
  name: string;
  message: string;
  hostRefusal?: number;
  /** The thread itself failed (its heap, an exit): it is not reused. */
  crashed?: boolean;
}

type WorkerAnswer = { logs: ConsoleLine[]; json?: string; failure?: Failure };

/** Past the time limit, how long a thread stuck in native code is given before it is terminated. */
const TERMINATE_GRACE_MS = 500;
/** The worker's own JavaScript heap (the engine's WebAssembly memory is bounded by the memory limit). */
const WORKER_HEAP_MB = 64;

const workerFile = new URL('./sandbox-worker.mjs', import.meta.url);

function errorOf(name: string, failure: Failure, refusals: ApiError[], limits: SandboxLimits): ApiError {
  if (failure.hostRefusal !== undefined && refusals[failure.hostRefusal]) return refusals[failure.hostRefusal];
  const { name: kind, message, phase } = failure;
  if (kind === 'InternalError' && message === 'interrupted')
    return new ApiError('SCRIPT_TIME_LIMIT', [name, limits.timeMs]);
  if (kind === 'InternalError' && message === 'out of memory') return memoryLimit(name, limits);
  if (kind === 'MissingExecute') return new ApiError('SCRIPT_WITHOUT_EXECUTE', [name]);
  if (phase === 'load' && kind === 'SyntaxError') return new ApiError('SCRIPT_SYNTAX_ERROR', [name, message]);
  return new ApiError('SCRIPT_FAILED', [
    name,
    kind === 'Error' || kind === 'EngineError' ? message : `${kind}: ${message}`,
  ]);
}

const memoryLimit = (name: string, limits: SandboxLimits) =>
  new ApiError('SCRIPT_MEMORY_LIMIT', [name, Math.round(limits.memoryBytes / 1024 / 1024)]);

/** What a host call answers the script: its value, or its refusal (kept, to answer as itself if let through). */
async function answerCall(host: HostCall | undefined, name: string, args: unknown[], refusals: ApiError[]) {
  try {
    if (!host) throw new ApiError('SCRIPT_FAILED', [`lbo.${name}`, 'lbo is not available here']);
    const value = await host(name, args);
    return JSON.stringify({ value: value === undefined ? null : value });
  } catch (error) {
    const refusal = error instanceof ApiError ? error : new ApiError('SCRIPT_FAILED', [`lbo.${name}`, String(error)]);
    refusals.push(refusal);
    const { status, code, message } = refusal;
    return JSON.stringify({ refused: { status, code, message, index: refusals.length - 1 } });
  }
}

/** A thread of the pool, and the run it is busy with. */
interface Thread {
  worker: Worker;
  run?: (message: ThreadMessage) => void;
}

type ThreadMessage =
  | { type: 'started'; runId: number }
  | { type: 'call'; runId: number; id: number; name: string; args: unknown[] }
  | { type: 'done'; runId: number; answer: WorkerAnswer };

/** At most this many runs at once (each a thread); more wait their turn. */
const MAX_THREADS = 4;
const idle: Thread[] = [];
const waiting: ((thread: Thread) => void)[] = [];
let threads = 0;
let runIds = 0;

function startThread(): Thread {
  threads++;
  const worker = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  // An idle thread does not keep the process alive.
  worker.unref();
  const thread: Thread = { worker };
  worker.on('message', (message: ThreadMessage) => thread.run?.(message));
  worker.on('error', (error) =>
    thread.run?.({ type: 'done', runId: -1, answer: { logs: [], failure: crashOf(error) } }),
  );
  worker.on('exit', () => {
    threads--;
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    thread.run?.({ type: 'done', runId: -1, answer: { logs: [], failure: crashOf(new Error('the engine stopped')) } });
    if (waiting.length && threads < MAX_THREADS) waiting.shift()?.(startThread());
  });
  return thread;
}

const crashOf = (error: Error & { code?: string }): Failure => ({
  phase: 'run',
  crashed: true,
  name: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'InternalError' : 'EngineError',
  message: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out of memory' : error.message,
});

const takeThread = (): Promise<Thread> => {
  const ready = idle.pop();
  if (ready) return Promise.resolve(ready);
  if (threads < MAX_THREADS) return Promise.resolve(startThread());
  return new Promise((resolve) => waiting.push(resolve));
};

function giveBack(thread: Thread) {
  thread.run = undefined;
  const next = waiting.shift();
  if (next) next(thread);
  else idle.push(thread);
}

/** Runs `code`'s `execute(context)` within the limits; a failure is answered in `error`, never thrown. */
export async function runInSandbox({ name, code, context, host, limits }: SandboxRun): Promise<SandboxOutcome> {
  const started = performance.now();
  const refusals: ApiError[] = [];
  const thread = await takeThread();
  const runId = ++runIds;
  return new Promise<SandboxOutcome>((resolve) => {
    let callsInFlight = 0;
    let overrun: NodeJS.Timeout | undefined;
    const finish = (result: unknown, logs: ConsoleLine[], error?: ApiError, healthy = true) => {
      if (!thread.run) return;
      clearTimeout(overrun);
      thread.run = undefined;
      // A thread stopped mid-run, or whose engine gave way, is not reused.
      if (healthy) giveBack(thread);
      else void thread.worker.terminate();
      resolve({ result, logs, durationMs: Math.round(performance.now() - started), ...(error ? { error } : {}) });
    };
    // The engine checks the time itself; this stops a thread that cannot (stuck in native code).
    // It counts from the engine ready to run, and waits while the parent answers a host call.
    const arm = () => {
      clearTimeout(overrun);
      overrun = setTimeout(() => {
        if (callsInFlight === 0) finish(null, [], new ApiError('SCRIPT_TIME_LIMIT', [name, limits.timeMs]), false);
        else arm();
      }, limits.timeMs + TERMINATE_GRACE_MS);
    };
    thread.run = (message) => {
      if (message.runId !== runId && message.runId !== -1) return;
      if (message.type === 'started') return arm();
      if (message.type === 'done') {
        const { json, failure, logs } = message.answer;
        if (failure)
          finish(
            null,
            logs,
            errorOf(name, failure, refusals, limits),
            !failure.crashed && failure.name !== 'EngineError',
          );
        else finish(JSON.parse(json ?? 'null'), logs);
        return;
      }
      callsInFlight++;
      void answerCall(host, message.name, message.args, refusals).then((answer) => {
        callsInFlight--;
        if (thread.run) thread.worker.postMessage({ type: 'answer', id: message.id, answer });
      });
    };
    thread.worker.postMessage({
      type: 'run',
      runId,
      name,
      code,
      context,
      timeMs: limits.timeMs,
      memoryBytes: limits.memoryBytes,
    });
  });
}
