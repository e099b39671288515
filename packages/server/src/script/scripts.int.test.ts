import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { createOperations } from '../entities/crud.operation.ts';
import { removeExpiredScriptLogs } from './script-logs.ts';

/**
 * Tenant scripts end to end (docs/scripts.md): every tenant's default scripts answer; a run
 * answers its result and logs its console; an endless loop and a memory bomb are stopped with
 * their catalogue errors while the server keeps answering; a script reaches only what its caller
 * may read in its caller's tenant; a disabled script is missing; the format check follows its
 * edited code; versions and test runs.
 */
let t: TestApp;
/** May read persons (and scripts through runs), nothing else. */
let reader: SignedInUser;

const call: TestApp['call'] = (...args) => t.call(...args);
const operationsOf = (app: TestApp) => createOperations(app.db.database.db);
const scripts = '/api/script/scripts';
const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
};

async function saveScript(name: string, code: string, over: Record<string, unknown> = {}, headers = t.alpha.headers) {
  const res = await call('POST', scripts, headers, { name, code, scriptType: 'RUN', enabled: true, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { name: string; _version: number };
}

beforeAll(async () => {
  t = await createTestApp();
  const saved = await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, {
    PERSONS_ONLY: ['read /api/person/persons'],
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  reader = await createUser(t.app, t.alpha.headers, {
    username: 'reader@alpha',
    lastName: 'Reader',
    profiles: ['PERSONS_ONLY'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('default scripts', () => {
  it('every tenant starts with them, editable records', async () => {
    const res = await call('GET', `${scripts}?range=[0-99]`, t.beta.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { name: string }[]).map((s) => s.name).sort()).toEqual(
      [
        'address-to-string',
        'asset-layout',
        'contract-layout',
        'hello-world',
        'person-layout',
        'personRegistration-format-check',
        'products-catalog',
        'string-to-address',
      ].sort(),
    );
  });

  it('hello-world greets who is named, for any signed-in user', async () => {
    const res = await call('GET', '/api/script/runs/hello-world?who=Ada&token=abc', reader.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Hello Ada!', who: 'Ada', token: 'abc', tenant: 'alpha' });
  });

  it("products-catalog lists the tenant's products through lbo.list, not another tenant's", async () => {
    const made = await call('POST', '/api/financing/products', t.alpha.headers, { name: 'Alpha lease' });
    expect(made.statusCode, made.body).toBe(201);
    await call('POST', '/api/financing/products', t.beta.headers, { name: 'Beta loan' });
    const res = await call('GET', '/api/script/runs/products-catalog', t.alpha.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { name: string }[]).map((p) => p.name)).toEqual(['Alpha lease']);
    // A user who may not read products is refused by the route before the script runs.
    expectError(await call('GET', '/api/script/runs/products-catalog', reader.headers), 403, 'FORBIDDEN');
  });

  it('layouts and the format check are readable by screens; the others are the editors’', async () => {
    const layout = await call('GET', `${scripts}/person-layout`, reader.headers);
    expect(layout.statusCode, layout.body).toBe(200);
    expect(layout.json()).toMatchObject({ name: 'person-layout', scriptType: 'LAYOUT', enabled: true });
    expect(layout.json().code).toContain('function execute');
    expectError(await call('GET', `${scripts}/hello-world`, reader.headers), 403, 'FORBIDDEN');
    expect((await call('GET', `${scripts}/hello-world`, t.alpha.headers)).statusCode).toBe(200);
    const run = await call('POST', '/api/script/runs/string-to-address', reader.headers, {
      text: '10 rue de la Paix, 75002 Paris, France',
    });
    expect(run.json()).toEqual({
      address1: '10 rue de la Paix',
      postalCode: '75002',
      city: 'Paris',
      country: 'France',
    });
  });
});

describe('a run', () => {
  it('answers the return value with the query and the body, and logs its console as ScriptLog records', async () => {
    await saveScript(
      'echo',
      `function execute(context) {
        console.log('query', context.query.n);
        console.warn('user', context.user.username);
        return { n: Number(context.query.n) + 1, body: context.body, admin: context.user.isAdmin };
      }`,
    );
    const res = await call(
      'POST',
      '/api/script/runs/echo?n=41',
      { ...reader.headers, 'request-id': 'req-echo-1' },
      {
        a: 1,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ n: 42, body: { a: 1 }, admin: false });
    const logs = await call('GET', '/api/logs?scriptName=echo&sort=_insertDate', t.alpha.headers);
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json()).toMatchObject([
      { requestId: 'req-echo-1', scriptName: 'echo', username: 'reader@alpha', level: 'log', output: 'query 41' },
      {
        requestId: 'req-echo-1',
        scriptName: 'echo',
        username: 'reader@alpha',
        level: 'warn',
        output: 'user reader@alpha',
      },
    ]);
    expect(Date.parse(logs.json()[0].expirationDate)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    // Another tenant sees none of them.
    expect((await call('GET', '/api/logs?scriptName=echo', t.beta.headers)).json()).toEqual([]);
  });

  it('is found by _id too; a missing script answers 404', async () => {
    const { _id } = (await call('GET', `${scripts}/echo`, t.alpha.headers)).json();
    expect((await call('GET', `/api/script/runs/${_id}?n=1`, t.alpha.headers)).json()).toMatchObject({ n: 2 });
    expectError(
      await call('GET', '/api/script/runs/nothing-here', t.alpha.headers),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    expectError(await call('GET', '/api/script/runs/echo', t.beta.headers), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
  });

  it('stops an endless loop at the time limit with the catalogue error, and the server keeps answering', async () => {
    await saveScript('spin', 'function execute() { for (;;) {} }');
    const started = Date.now();
    const res = await call('GET', '/api/script/runs/spin', t.alpha.headers);
    expectError(res, 422, 'SCRIPT_TIME_LIMIT');
    expect(res.json().error).toBe('422|SCRIPT_TIME_LIMIT|Script spin was stopped after 2000 ms');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await call('GET', '/api/script/runs/hello-world?who=again', t.alpha.headers)).statusCode).toBe(200);
  });

  it('stops a memory bomb at the memory limit', async () => {
    await saveScript('bomb', 'function execute() { return new Array(1e8).fill(0).length }');
    expectError(await call('GET', '/api/script/runs/bomb', t.alpha.headers), 422, 'SCRIPT_MEMORY_LIMIT');
    expect((await call('GET', '/api/script/runs/hello-world', t.alpha.headers)).statusCode).toBe(200);
  });

  it('has no require, process, fetch nor import()', async () => {
    await saveScript(
      'escape',
      `function execute() {
        let imported = 'no';
        import('node:fs').then(() => { imported = 'yes' }, () => { imported = 'refused' });
        return { require: typeof require, process: typeof process, fetch: typeof fetch, imported };
      }`,
    );
    expect((await call('GET', '/api/script/runs/escape', t.alpha.headers)).json()).toEqual({
      require: 'undefined',
      process: 'undefined',
      fetch: 'undefined',
      imported: 'no',
    });
    await saveScript('requires', 'function execute() { return require("fs") }');
    const res = await call('GET', '/api/script/runs/requires', t.alpha.headers);
    expectError(res, 422, 'SCRIPT_FAILED');
    expect(res.json().message).toContain('require');
  });

  it("reads only the caller's tenant and what the caller may read; a refusal answers as that 403", async () => {
    const betaPerson = await call('POST', '/api/person/persons', t.beta.headers, {
      type: 'I',
      firstName: 'Bea',
      lastName: 'Beta',
    });
    expect(betaPerson.statusCode, betaPerson.body).toBe(201);
    const registration = betaPerson.json().registration;
    await saveScript(
      'peek',
      `function execute(context) {
        const kind = context.query.kind;
        if (context.query.id) return lbo.get(kind, context.query.id);
        return lbo.list(kind, { lastName: 'Beta' }).length;
      }`,
    );
    const other = await call('GET', `/api/script/runs/peek?kind=person/persons&id=${registration}`, t.alpha.headers);
    expectError(other, 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    expect((await call('GET', '/api/script/runs/peek?kind=person/persons', t.alpha.headers)).json()).toBe(0);
    // The reader may read persons but not contracts.
    expect((await call('GET', '/api/script/runs/peek?kind=person/persons', reader.headers)).json()).toBe(0);
    const refused = await call('GET', '/api/script/runs/peek?kind=financing/contracts', reader.headers);
    expectError(refused, 403, 'FORBIDDEN');
    expect(refused.json().message).toBe('Permission read /api/financing/contracts required');
    const write = await call('POST', '/api/script/runs/make', reader.headers, {});
    expectError(write, 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    await saveScript(
      'make',
      `function execute(context) {
        const person = lbo.create('person/persons', { type: 'I', firstName: 'Made', lastName: 'ByScript' });
        return lbo.update('person/persons', person.registration, { firstName: 'Changed' }).firstName;
      }`,
    );
    expectError(await call('POST', '/api/script/runs/make', reader.headers, {}), 403, 'FORBIDDEN');
    const made = await call('POST', '/api/script/runs/make', t.alpha.headers, {});
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toBe('Changed');
  });

  it('a disabled script is not run and is missing to screens', async () => {
    await saveScript('off', 'function execute() { return { cards: [] } }', { enabled: false, scriptType: 'LAYOUT' });
    expectError(await call('GET', '/api/script/runs/off', t.alpha.headers), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    expectError(await call('GET', `${scripts}/off`, reader.headers), 404, 'ENTITY_REGISTRATION_NOT_FOUND');
    expect((await call('GET', `${scripts}/off`, t.alpha.headers)).json()).toMatchObject({ enabled: false });
    const on = await call('PATCH', `${scripts}/off`, t.alpha.headers, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await call('GET', '/api/script/runs/off', t.alpha.headers)).json()).toEqual({ cards: [] });
  });

  it('a layout answering no object is refused with the spec’s message', async () => {
    await saveScript('bad-layout', 'function execute() { return 42 }', { scriptType: 'LAYOUT' });
    const res = await call('GET', '/api/script/runs/bad-layout', t.alpha.headers);
    expectError(res, 422, 'INVALID_LAYOUT_OBJECT');
    expect(res.json().message).toBe("Invalid object 42 in 'layout' script");
    await saveScript('no-execute', 'const layout = {}');
    expect((await call('GET', '/api/script/runs/no-execute', t.alpha.headers)).json().message).toBe(
      'Layout script no-execute does not have an execute() function',
    );
  });
});

describe('the registration format check', () => {
  const check = 'personRegistration-format-check';
  const company = (number: string) => ({
    type: 'C',
    name: `Company ${number}`,
    roles: [{ role: 'CLIENT' }],
    registrations: [{ type: 'SIR', number }],
  });

  it('refuses what its edited code refuses, and accepts again once restored from its versions', async () => {
    expect((await call('POST', '/api/person/persons', t.alpha.headers, company('732829320'))).statusCode).toBe(201);
    const original = (await call('GET', `${scripts}/${check}`, t.alpha.headers)).json();
    const edited = await call('PATCH', `${scripts}/${check}`, t.alpha.headers, {
      _version: original._version,
      code: `function execute(identifier) {
        console.log('checking', identifier.registration);
        if (identifier.type === 'SIR' && identifier.number.startsWith('5'))
          return { valid: false, field: 'registrations[' + identifier.index + '].number', message: 'no SIREN starting with 5' };
        return { valid: true };
      }`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await call('POST', '/api/person/persons', t.alpha.headers, company('552100554'));
    expectError(refused, 400, 'FORMAT_CHECK_REFUSED');
    expect(refused.json().message).toBe('Field registrations[0].number is refused: no SIREN starting with 5');
    // Another tenant keeps its own, unedited check.
    expect((await call('POST', '/api/person/persons', t.beta.headers, company('552100554'))).statusCode).toBe(201);

    const versions = await call('GET', `${scripts}/${check}/versions`, t.alpha.headers);
    expect(versions.statusCode, versions.body).toBe(200);
    const list = versions.json() as { version: number; code: string; username: string; date: string }[];
    expect(list.map((v) => v.version)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({ username: 'admin@alpha' });
    expect(list[0].code).toContain('no SIREN starting with 5');
    expect(list[1].code).toBe(original.code);

    const restored = await call('PATCH', `${scripts}/${check}`, t.alpha.headers, { code: list[1].code });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call('POST', '/api/person/persons', t.alpha.headers, company('552100554'))).statusCode).toBe(201);
    const after = (await call('GET', `${scripts}/${check}/versions`, t.alpha.headers)).json();
    expect(after.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(after[0].code).toBe(original.code);
  });
});

describe('test runs', () => {
  it('runs unsaved code and answers its result and logs; a failure is an answer', async () => {
    const ok = await call('POST', `${scripts}/draft/test-run`, t.alpha.headers, {
      code: 'function execute(c) { console.info("hi", c.query.x); return c.body }',
      query: { x: '1' },
      body: { y: 2 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ result: { y: 2 }, logs: [{ level: 'info', output: 'hi 1' }] });
    expect(ok.json().error).toBeUndefined();
    expect(typeof ok.json().durationMs).toBe('number');

    const thrown = await call('POST', `${scripts}/draft/test-run`, t.alpha.headers, {
      code: 'function execute() { console.log("before"); throw new Error("boom") }',
    });
    expect(thrown.statusCode, thrown.body).toBe(200);
    expect(thrown.json()).toMatchObject({
      result: null,
      logs: [{ output: 'before' }],
      error: { code: 'SCRIPT_FAILED', message: 'Script draft failed: boom' },
    });
    const syntax = await call('POST', `${scripts}/draft/test-run`, t.alpha.headers, { code: 'function execute( {' });
    expect(syntax.json().error.code).toBe('SCRIPT_SYNTAX_ERROR');
    const layout = await call('POST', `${scripts}/person-layout/test-run`, t.alpha.headers, {
      code: 'function execute() { return "cards" }',
    });
    expect(layout.json().error).toEqual({
      code: 'INVALID_LAYOUT_OBJECT',
      message: `Invalid object "cards" in 'layout' script`,
    });
    const stored = await call('POST', `${scripts}/hello-world/test-run`, t.alpha.headers, { query: { who: 'Bo' } });
    expect(stored.json().result).toMatchObject({ message: 'Hello Bo!' });
    expectError(
      await call('POST', `${scripts}/nowhere/test-run`, t.alpha.headers, { query: {} }),
      404,
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
    expectError(await call('POST', `${scripts}/draft/test-run`, reader.headers, { code: '' }), 403, 'FORBIDDEN');
    expectError(
      await call('POST', `${scripts}/draft/test-run`, t.alpha.headers, { code: 1 }),
      400,
      'INVALID_STRING_FIELD',
    );
  });
});

describe('a cron running a script', () => {
  it('runs it as the tenant’s system user and keeps its answer in the batch', async () => {
    await saveScript(
      'nightly',
      'function execute(c) { console.log("as", c.user.username); return { who: c.user.username } }',
      {
        scriptType: 'CRON',
      },
    );
    const saved = await call('PUT', '/api/core/tenant-configuration/cron-list', t.alpha.headers, [
      { name: 'nightly-script', cron: '0 3 * * *', job: 'SCRIPT', parameters: { scriptName: 'nightly' } },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const run = (await call('POST', '/api/core/crons/nightly-script/run', t.alpha.headers)).json();
    let batch = run;
    for (let i = 0; i < 60 && !['SUCCESS', 'WARNING', 'ERROR'].includes(batch.status); i++) {
      await new Promise((r) => setTimeout(r, 500));
      batch = (await call('GET', `/api/script/batches/${run.registration}`, t.alpha.headers)).json();
    }
    expect(batch.status, JSON.stringify(batch)).toBe('SUCCESS');
    const logs = (await call('GET', '/api/logs?scriptName=nightly', t.alpha.headers)).json();
    expect(logs).toMatchObject([{ username: 'system', output: 'as system', requestId: run.registration }]);
  }, 60_000);
});

describe('script log retention', () => {
  it('removes the lines past their expiration date, in every tenant, and keeps the others', async () => {
    await call('GET', '/api/script/runs/hello-world?who=beta', t.beta.headers);
    const before = (await call('GET', '/api/logs?range=[0-249]', t.alpha.headers)).json() as unknown[];
    expect(before.length).toBeGreaterThan(0);
    expect(await removeExpiredScriptLogs(t.db.database, operationsOf(t), new Date())).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    expect(await removeExpiredScriptLogs(t.db.database, operationsOf(t), later)).toBeGreaterThanOrEqual(
      before.length + 1,
    );
    expect((await call('GET', '/api/logs', t.alpha.headers)).json()).toEqual([]);
    expect((await call('GET', '/api/logs', t.beta.headers)).json()).toEqual([]);
  });
});
