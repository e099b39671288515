import { describe, expect, it } from 'vitest';
import { ApiError } from '@lbo/model/errors';
import { runInSandbox, type HostCall } from './sandbox.ts';

/** The sandbox alone: what a script sees, what it may not reach, and how each failure answers. */
const limits = { timeMs: 1000, memoryBytes: 16 * 1024 * 1024 };
const run = (code: string, context: unknown = {}, host?: HostCall) =>
  runInSandbox({ name: 'probe', code, context, host, limits });

describe('the script sandbox', () => {
  it('answers what execute(context) returns, as JSON', async () => {
    const out = await run('function execute(c) { return { twice: c.n * 2, who: c.user.username } }', {
      n: 21,
      user: { username: 'ann' },
    });
    expect(out.error).toBeUndefined();
    expect(out.result).toEqual({ twice: 42, who: 'ann' });
  });

  it('answers null when execute returns nothing', async () => {
    expect((await run('function execute() {}')).result).toBeNull();
  });

  it('keeps console lines with their level', async () => {
    const out = await run(
      'function execute() { console.log("a", 1, {b: 2}); console.warn("careful"); console.error(new Error("bad")); return 1 }',
    );
    expect(out.error).toBeUndefined();
    expect(out.logs.map((l) => [l.level, l.output])).toEqual([
      ['log', 'a 1 {"b":2}'],
      ['warn', 'careful'],
      ['error', 'Error: bad'],
    ]);
    expect(out.logs[0].time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('offers no require, process, fetch, timers nor import()', async () => {
    const out = await run(`function execute() {
      return [typeof require, typeof process, typeof fetch, typeof setTimeout, typeof std, typeof os, typeof globalThis.__lboCall];
    }`);
    expect(out.result).toEqual(Array(7).fill('undefined'));
    const imported = await run(
      'function execute() { let seen = "none"; import("fs").then(() => { seen = "loaded" }); return seen }',
    );
    expect(imported.result).toBe('none');
  });

  it('stops an endless loop at the time limit', async () => {
    const started = Date.now();
    const out = await run('function execute() { for (;;) {} }');
    expect(out.error?.code).toBe('SCRIPT_TIME_LIMIT');
    expect(out.error?.message).toBe('Script probe was stopped after 1000 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('runs off the server thread: the server keeps its timers while a script loops', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const out = await run('function execute() { for (;;) {} }');
    clearInterval(ticker);
    expect(out.error?.code).toBe('SCRIPT_TIME_LIMIT');
    expect(ticks).toBeGreaterThan(5);
  });

  it('stops a native call that never comes back to the interpreter, by ending its thread', async () => {
    const out = await runInSandbox({
      name: 'probe',
      code: 'function execute() { const a = new Array(3e7).fill(1); return a.fill(2).length + new Array(3e7).fill(3).length }',
      context: {},
      limits: { timeMs: 100, memoryBytes: 1024 * 1024 * 1024 },
    });
    expect(out.error?.code).toMatch(/SCRIPT_TIME_LIMIT|SCRIPT_MEMORY_LIMIT/);
    expect((await run('function execute() { return 3 }')).result).toBe(3);
  });

  it('stops a memory bomb at the memory limit', async () => {
    const out = await run('function execute() { const a = []; for (;;) a.push("x".repeat(1000) + a.length) }');
    expect(out.error?.code).toMatch(/SCRIPT_MEMORY_LIMIT|SCRIPT_TIME_LIMIT/);
    const big = await runInSandbox({
      name: 'probe',
      code: 'function execute() { return new Array(1e8).fill(0).length }',
      context: {},
      limits: { timeMs: 5000, memoryBytes: 16 * 1024 * 1024 },
    });
    expect(big.error?.code).toBe('SCRIPT_MEMORY_LIMIT');
  });

  it('answers a deep recursion as a failure, and the next run works', async () => {
    const out = await run('function execute() { const f = () => f(); return f() }');
    expect(out.error?.code).toBe('SCRIPT_FAILED');
    expect((await run('function execute() { return 2 }')).result).toBe(2);
  });

  it('names a syntax error, a throw and a missing execute()', async () => {
    expect((await run('function execute( {')).error?.code).toBe('SCRIPT_SYNTAX_ERROR');
    const thrown = await run('function execute() { throw new Error("boom") }');
    expect(thrown.error?.reference).toBe('422|SCRIPT_FAILED|Script probe failed: boom');
    expect((await run('const x = 1')).error?.reference).toBe(
      '422|SCRIPT_WITHOUT_EXECUTE|Layout script probe does not have an execute() function',
    );
  });

  it('hands host calls in as synchronous functions; a refusal let through answers as itself', async () => {
    const host: HostCall = async (name, args) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (args[0] === 'secret') throw new ApiError('FORBIDDEN', ['read /api/secret']);
      return { name, args };
    };
    const ok = await run('function execute() { return lbo.get("financing/contracts", "C1") }', {}, host);
    expect(ok.result).toEqual({ name: 'get', args: ['financing/contracts', 'C1'] });
    const caught = await run(
      'function execute() { try { lbo.list("secret") } catch (e) { return [e.status, e.code, e.message] } }',
      {},
      host,
    );
    expect(caught.result).toEqual([403, 'FORBIDDEN', 'Permission read /api/secret required']);
    const through = await run('function execute() { return lbo.list("secret") }', {}, host);
    expect(through.error?.reference).toBe('403|FORBIDDEN|Permission read /api/secret required');
  });
});
