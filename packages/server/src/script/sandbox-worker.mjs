// Tenant script runs, one at a time, off the server's thread (script/sandbox.ts keeps a few such
// threads, and terminates one whose script overruns).
// QuickJS (WebAssembly, asyncify build) runs the script; a host call (`lbo.*`) is sent to the
// parent, which answers it with the product's operations, while the script waits as if the
// call were synchronous. Plain JavaScript: a worker is loaded by Node itself, without tsx.
import { parentPort } from 'node:worker_threads';
import { newQuickJSAsyncWASMModule } from 'quickjs-emscripten';

const MAX_LINES = 200;
const MAX_LINE_CHARS = 10_000;

// Defines `console` and `lbo` over the two raw host functions, then removes those.
const PRELUDE = `(() => {
  const write = globalThis.__lboLog;
  const call = globalThis.__lboCall;
  delete globalThis.__lboLog;
  delete globalThis.__lboCall;
  const text = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return String(value);
    try { const json = JSON.stringify(value); return json === undefined ? String(value) : json; } catch (e) { return String(value); }
  };
  const line = (level) => (...args) => { write(level, args.map(text).join(' ')); };
  globalThis.console = Object.freeze({ log: line('log'), info: line('info'), warn: line('warn'), error: line('error') });
  const host = (name) => (...args) => {
    const answer = JSON.parse(call(name, JSON.stringify(args)));
    if (answer.refused) {
      const error = new Error(answer.refused.message);
      error.status = answer.refused.status;
      error.code = answer.refused.code;
      error.hostRefusal = answer.refused.index;
      throw error;
    }
    return answer.value;
  };
  globalThis.lbo = Object.freeze({
    list: host('list'), get: host('get'), create: host('create'), update: host('update'), transition: host('transition'),
    amountInWords: host('amountInWords'),
  });
})();`;

const CALL_EXECUTE = `(() => {
  const result = execute(JSON.parse(globalThis.__lboContext));
  delete globalThis.__lboContext;
  return JSON.stringify(result === undefined ? null : result);
})()`;

let logs = [];
let runId = 0;
const pending = new Map();
let nextCall = 0;

/** Asks the parent to run a host call; answers its JSON text (`{ value }` or `{ refused }`). */
const hostCall = (name, args) =>
  new Promise((resolve) => {
    const id = nextCall++;
    pending.set(id, resolve);
    parentPort.postMessage({ type: 'call', runId, id, name, args });
  });

function failureOf(vm, handle, phase) {
  const dumped = vm.dump(handle);
  handle.dispose();
  if (dumped && typeof dumped === 'object')
    return {
      phase,
      name: String(dumped.name ?? 'Error'),
      message: String(dumped.message ?? JSON.stringify(dumped)),
      hostRefusal: typeof dumped.hostRefusal === 'number' ? dumped.hostRefusal : undefined,
    };
  return { phase, name: 'Error', message: String(dumped) };
}

/**
 * The engine (a WebAssembly instance) is kept from run to run; each run has a runtime and context
 * of its own. An engine a run left in doubt (its context would not free) is replaced.
 */
let engine;

async function run(input) {
  engine ??= await newQuickJSAsyncWASMModule();
  const vm = engine.newContext();
  try {
    return await runIn(vm, input);
  } finally {
    try {
      vm.dispose();
    } catch {
      engine = undefined;
    }
  }
}

async function runIn(vm, { name, code, context, timeMs, memoryBytes }) {
  parentPort.postMessage({ type: 'started', runId });
  const deadline = Date.now() + timeMs;
  vm.runtime.setMemoryLimit(memoryBytes);
  vm.runtime.setInterruptHandler(() => Date.now() > deadline);

  const log = vm.newFunction('__lboLog', (level, output) => {
    if (logs.length >= MAX_LINES) return;
    const text = vm.getString(output);
    logs.push({
      level: vm.getString(level),
      output: text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text,
      time: new Date().toISOString(),
    });
  });
  vm.setProp(vm.global, '__lboLog', log);
  log.dispose();
  const call = vm.newAsyncifiedFunction('__lboCall', async (callName, args) =>
    vm.newString(await hostCall(vm.getString(callName), JSON.parse(vm.getString(args)))),
  );
  vm.setProp(vm.global, '__lboCall', call);
  call.dispose();

  const done = (answer) => ({ ...answer, logs });
  const prelude = await vm.evalCodeAsync(PRELUDE, 'prelude.js');
  if (prelude.error) return done({ failure: failureOf(vm, prelude.error, 'run') });
  prelude.value.dispose();
  const loaded = await vm.evalCodeAsync(code, `${name}.js`);
  if (loaded.error) return done({ failure: failureOf(vm, loaded.error, 'load') });
  loaded.value.dispose();
  const execute = vm.getProp(vm.global, 'execute');
  const callable = vm.typeof(execute) === 'function';
  execute.dispose();
  if (!callable) return done({ failure: { phase: 'load', name: 'MissingExecute', message: 'no execute()' } });
  const input = vm.newString(JSON.stringify(context ?? null));
  vm.setProp(vm.global, '__lboContext', input);
  input.dispose();
  const ran = await vm.evalCodeAsync(CALL_EXECUTE, `${name}.execute.js`);
  if (ran.error) return done({ failure: failureOf(vm, ran.error, 'run') });
  const json = vm.getString(ran.value);
  ran.value.dispose();
  return done({ json });
}

// The parent sends one run at a time, and answers host calls.
parentPort.on('message', (message) => {
  if (message.type === 'answer') {
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve?.(message.answer);
    return;
  }
  logs = [];
  runId = message.runId;
  run(message).then(
    (answer) => parentPort.postMessage({ type: 'done', runId: message.runId, answer }),
    // The engine itself gave way (a stack overflow under a deep recursion): said as such.
    (error) =>
      parentPort.postMessage({
        type: 'done',
        runId: message.runId,
        answer: {
          logs,
          failure: {
            phase: 'run',
            name: 'EngineError',
            message:
              error instanceof RangeError ? 'stack overflow (too deep a recursion)' : String(error?.message ?? error),
          },
        },
      }),
  );
});
