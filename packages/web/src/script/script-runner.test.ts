import { beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { loadScriptEngine, runExecute } from './script-runner.ts';
import { layoutOfRun, layoutProblemText, layoutScriptsOfKind } from './layout-script.ts';
import { formatCheckVerdict } from './format-check.ts';

let engine: QuickJSWASMModule;
beforeAll(async () => {
  engine = await loadScriptEngine();
});

describe('scripts run in the browser', () => {
  it('answer what execute() returns, with their console output', () => {
    const run = runExecute(
      engine,
      `function execute(layout) { console.log('cards', layout.cards.length); console.warn({ a: 1 });
         layout.cards.push({ title: 'Risk', fields: ['riskLevel', { name: 'score' }] }); return layout; }`,
      { cards: [] },
    );
    expect(run.error).toBeUndefined();
    expect(run.logs.map((l) => [l.level, l.output])).toEqual([
      ['log', 'cards 0'],
      ['warn', '{"a":1}'],
    ]);
    expect(layoutOfRun(run, 'person-layout')).toEqual({
      layout: { cards: [{ title: 'Risk', fields: ['riskLevel', 'score'] }] },
    });
  });

  it('are stopped past their time', () => {
    const run = runExecute(engine, 'function execute() { for (;;) {} }', {}, { timeMs: 50, memoryBytes: 8e6 });
    expect(run.error?.code).toBe('TIMEOUT');
    expect(run.durationMs).toBeLessThan(2000);
  });

  it('are stopped past their memory', () => {
    const run = runExecute(
      engine,
      'function execute() { const big = "x".repeat(100000); const a = []; for (;;) a.push(big + a.length); }',
      {},
      { timeMs: 5000, memoryBytes: 4e6 },
    );
    expect(run.error?.code).toBe('OUT_OF_MEMORY');
  });

  it('see no page: no DOM, no fetch, no storage', () => {
    const run = runExecute(
      engine,
      'function execute() { return [typeof window, typeof document, typeof fetch, typeof localStorage, typeof XMLHttpRequest]; }',
      {},
    );
    expect(run.result).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('without execute() say so with the spec message', () => {
    const run = runExecute(engine, 'const layout = { cards: [] };', {});
    expect(run.error?.code).toBe('MISSING_EXECUTE');
    expect(layoutOfRun(run, 'contract-layout')).toEqual({
      error: 'Layout script {name} does not have an execute() function',
      values: { name: 'contract-layout' },
    });
  });

  it('answering something else than cards is an invalid object', () => {
    const notCards = runExecute(engine, 'function execute() { return 42; }', {});
    const english = (key: string, values?: Record<string, string>) =>
      key.replace(/\{(\w+)\}/g, (_, k: string) => values?.[k] ?? k);
    const refusal = (run: ReturnType<typeof runExecute>) => {
      const outcome = layoutOfRun(run, 'person-layout');
      return 'error' in outcome ? layoutProblemText(outcome, english) : outcome;
    };
    expect(refusal(notCards)).toBe("Invalid object 42 in 'layout' script");
    const badCard = runExecute(engine, 'function execute() { return { cards: [{ title: 1, fields: [] }] }; }', {});
    expect(refusal(badCard)).toBe('Invalid object {"title":1,"fields":[]} in \'layout\' script');
    const thrown = runExecute(engine, 'function execute() { throw new Error("boom"); }', {});
    expect(refusal(thrown)).toBe('Layout script person-layout failed: boom');
  });

  it('a script that throws or does not parse answers its message', () => {
    const thrown = runExecute(engine, 'function execute() { throw new Error("no way"); }', {});
    expect(thrown.error).toEqual({ code: 'SCRIPT_ERROR', message: 'no way' });
    expect(runExecute(engine, 'function execute( {', {}).error?.code).toBe('SCRIPT_ERROR');
  });

  it('format checks answer a message, or nothing when the value passes', () => {
    const code = `function execute(c) { if (c.type === 'SIR' && !/^\\d{9}$/.test(c.number)) return 'Nine digits'; return null; }`;
    expect(formatCheckVerdict(runExecute(engine, code, { type: 'SIR', number: '12' }))).toBe('Nine digits');
    expect(formatCheckVerdict(runExecute(engine, code, { type: 'SIR', number: '123456789' }))).toBeNull();
    expect(formatCheckVerdict(runExecute(engine, 'function execute() { return false; }', {}))).toBe('Invalid format');
    expect(
      formatCheckVerdict(runExecute(engine, 'function execute() { return { valid: false, message: "No" }; }', {})),
    ).toBe('No');
  });

  it('layout scripts are asked for by the kinds that have one', () => {
    expect(layoutScriptsOfKind('Contract')).toEqual(['contract-layout']);
    expect(layoutScriptsOfKind('Asset')).toEqual(['asset-layout']);
    expect(layoutScriptsOfKind('Invoice')).toEqual([]);
  });
});
