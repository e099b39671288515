import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten';

/**
 * Tenant scripts run in the browser (layouts, format checks) inside QuickJS, a separate
 * JavaScript engine in WebAssembly: a script sees no DOM, no fetch, no storage, nothing of the
 * page but the one JSON value it is given, and it is stopped past a time and a memory limit.
 * The engine is loaded on first use (its own chunk); once loaded, a run is synchronous, so a
 * form may check a value while it renders.
 */
export interface ScriptLimits {
  /** Wall-clock budget of one run. */
  timeMs: number;
  /** Heap the script may allocate. */
  memoryBytes: number;
}

/** A layout computes a few cards: a tenth of a second and 16 MB are far beyond what one needs. */
export const browserScriptLimits: ScriptLimits = { timeMs: 100, memoryBytes: 16 * 1024 * 1024 };

export interface ScriptLog {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  output: string;
  time: string;
}

/** Why a run gave no result: its code, and the engine's message. */
export type ScriptRunErrorCode = 'MISSING_EXECUTE' | 'TIMEOUT' | 'OUT_OF_MEMORY' | 'SCRIPT_ERROR' | 'NOT_JSON';

export interface ScriptRun {
  result?: unknown;
  logs: ScriptLog[];
  durationMs: number;
  error?: { code: ScriptRunErrorCode; message: string };
}

let engine: Promise<QuickJSWASMModule> | undefined;

/** The QuickJS engine, loaded once (a WebAssembly file of its own, fetched when a script first runs). */
export function loadScriptEngine(): Promise<QuickJSWASMModule> {
  engine ??= import('quickjs-emscripten').then((m) => m.getQuickJS());
  // A failed load (offline) may be tried again later.
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

const logLevels: ScriptLog['level'][] = ['log', 'info', 'warn', 'error', 'debug'];

function installConsole(context: QuickJSContext, logs: ScriptLog[]) {
  const console = context.newObject();
  for (const level of logLevels) {
    const write = context.newFunction(level, (...args: QuickJSHandle[]) => {
      const output = args
        .map((arg) => {
          const value = context.dump(arg);
          return typeof value === 'string' ? value : JSON.stringify(value);
        })
        .join(' ');
      logs.push({ level, output, time: new Date().toISOString() });
    });
    context.setProp(console, level, write);
    write.dispose();
  }
  context.setProp(context.global, 'console', console);
  console.dispose();
}

/** The engine's error as a code and a message (a thrown non-Error is shown as it is). */
function failureOf(dumped: unknown, interrupted: boolean): NonNullable<ScriptRun['error']> {
  const message =
    dumped && typeof dumped === 'object' && 'message' in dumped
      ? String((dumped as { message: unknown }).message)
      : String(dumped);
  if (interrupted) return { code: 'TIMEOUT', message: 'The script ran out of time' };
  if (/out of memory/i.test(message)) return { code: 'OUT_OF_MEMORY', message: 'The script ran out of memory' };
  return { code: 'SCRIPT_ERROR', message };
}

/**
 * Runs `code`'s `execute(input)` and answers its result (as JSON: what a script returns crosses
 * the wall as data only), the console output and, when it failed, why.
 */
export function runExecute(
  quickjs: QuickJSWASMModule,
  code: string,
  input: unknown,
  limits: ScriptLimits = browserScriptLimits,
): ScriptRun {
  const started = performance.now();
  const logs: ScriptLog[] = [];
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(512 * 1024);
  const deadline = Date.now() + limits.timeMs;
  let interrupted = false;
  runtime.setInterruptHandler(() => {
    interrupted = Date.now() > deadline;
    return interrupted;
  });
  const context = runtime.newContext();
  const done = (run: Omit<ScriptRun, 'logs' | 'durationMs'>): ScriptRun => ({
    ...run,
    logs,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    installConsole(context, logs);
    const loaded = context.evalCode(code, 'script.js');
    if (loaded.error) {
      const error = failureOf(context.dump(loaded.error), interrupted);
      loaded.error.dispose();
      return done({ error });
    }
    loaded.value.dispose();
    const kind = context.unwrapResult(context.evalCode('typeof execute'));
    const isFunction = context.getString(kind) === 'function';
    kind.dispose();
    if (!isFunction) return done({ error: { code: 'MISSING_EXECUTE', message: 'execute() is not defined' } });
    const json = context.newString(JSON.stringify(input ?? null));
    context.setProp(context.global, '__input', json);
    json.dispose();
    const answered = context.evalCode(
      'JSON.stringify((function (r) { return r === undefined ? null : r; })(execute(JSON.parse(__input))))',
      'run.js',
    );
    if (answered.error) {
      const error = failureOf(context.dump(answered.error), interrupted);
      answered.error.dispose();
      return done({ error });
    }
    const text = context.dump(answered.value);
    answered.value.dispose();
    if (typeof text !== 'string') return done({ error: { code: 'NOT_JSON', message: 'execute() answered no data' } });
    return done({ result: JSON.parse(text) });
  } finally {
    context.dispose();
    runtime.dispose();
  }
}
