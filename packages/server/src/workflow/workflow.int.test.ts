import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signInClerk } from '../testing/workflow-records.ts';
import { createWorkflowOperations } from './workflow.operation.ts';

let t: TestApp;
/** A signed-in user of tenant alpha who is not an admin and holds no permission. */
let clerk: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInClerk(t);
});
afterAll(async () => {
  await t?.close();
});

const call: TestApp['call'] = (...args) => t.call(...args);
const contracts = '/api/financing/contracts';
const ready = {
  persons: [{ role: 'CLIENT', personRegistration: 'PER000001' }],
  financialProduct: 'LEASE',
  financedAmountExclTax: 48500,
  duration: 36,
};

async function newContract(over: Record<string, unknown> = {}, headers = t.alpha.headers) {
  const res = await call('POST', contracts, headers, { name: 'Lease of two vans', ...ready, ...over });
  expect(res.statusCode).toBe(201);
  return res.json() as { registration: string; _version: number; status: string };
}
const run = (registration: string, code: string, headers = t.alpha.headers, route = contracts) =>
  call('GET', `${route}/${registration}/transitions/${code}`, headers);
const codes = (res: { json(): unknown }) => (res.json() as { code: string }[]).map((i) => i.code);
async function transitionRows(registration: string) {
  const res = await call(
    'GET',
    `/api/core/histories?entityRegistration=${registration}&action=TRANSITION&sort=date`,
    t.alpha.headers,
  );
  return res.json() as Record<string, unknown>[];
}

describe('running a transition', () => {
  it('moves the status, runs its side effects and writes one History row, in one go', async () => {
    const c = await newContract();
    const res = await run(c.registration, 'SUBMIT');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      registration: c.registration,
      status: 'SUBMITTED',
      _version: c._version + 1,
      name: 'Lease of two vans',
      _updateUser: 'admin@alpha',
    });
    expect(doc.submitDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [row, ...more] = await transitionRows(c.registration);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      entityName: 'Contract',
      entityRegistration: c.registration,
      action: 'TRANSITION',
      transition: 'SUBMIT',
      workflowAction: 'DO',
      fromStatus: 'DRAFT',
      toStatus: 'SUBMITTED',
      user: 'admin@alpha',
      changes: { status: { from: 'DRAFT', to: 'SUBMITTED' }, submitDate: { from: null, to: doc.submitDate } },
    });
    expect(Date.now() - Date.parse(row.date as string)).toBeLessThan(60_000);
    // Undo clears what submitting stamped.
    const undone = (await run(c.registration, 'UNDO_SUBMIT')).json();
    expect(undone.status).toBe('DRAFT');
    expect(undone.submitDate).toBeUndefined();
  });

  it('answers the record by _id as well as by registration', async () => {
    const c = await newContract();
    const { _id } = (await call('GET', `${contracts}/${c.registration}`, t.alpha.headers)).json();
    expect((await run(_id, 'CANCEL')).json()).toMatchObject({ registration: c.registration, status: 'CANCELLED' });
  });
});

describe('refusals: 409 with a rejectionReason that says which', () => {
  it('refuses a transition not allowed from the current status, and changes nothing', async () => {
    const c = await newContract();
    const res = await run(c.registration, 'ACTIVATE');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TRANSITION_REJECTED',
      rejection: 'STATUS',
      transition: 'ACTIVATE',
      currentStatus: 'DRAFT',
      allowedFrom: ['APPROVED'],
      rejectionReason: '"Activate" is not allowed from status DRAFT; it needs APPROVED',
      error: `409|TRANSITION_REJECTED|Transition ACTIVATE refused for Contract ${c.registration}: "Activate" is not allowed from status DRAFT; it needs APPROVED`,
    });
    expect((await call('GET', `${contracts}/${c.registration}`, t.alpha.headers)).json()).toMatchObject({
      status: 'DRAFT',
      _version: c._version,
    });
    expect(await transitionRows(c.registration)).toEqual([]);
  });

  it('refuses while required fields are missing, naming them', async () => {
    const c = await newContract({ persons: [], financialProduct: undefined, duration: undefined });
    const res = await run(c.registration, 'SUBMIT');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      rejection: 'REQUIRED_FIELDS',
      missingFields: ['persons', 'financialProduct', 'duration'],
      rejectionReason: '"Submit" needs these fields filled: persons, financialProduct, duration',
    });
    await call('PATCH', `${contracts}/${c.registration}`, t.alpha.headers, ready);
    expect((await run(c.registration, 'SUBMIT')).statusCode).toBe(200);
    expect((await run(c.registration, 'APPROVE')).statusCode).toBe(200);
    const activate = await run(c.registration, 'ACTIVATE');
    expect(activate.json()).toMatchObject({
      rejection: 'REQUIRED_FIELDS',
      rejectionReason: '"Activate" needs this field filled: startDate',
    });
  });

  it('refuses a user without the permission the transition names, and hides it from that user', async () => {
    const c = await newContract({}, clerk);
    expect((await run(c.registration, 'SUBMIT', clerk)).statusCode).toBe(200);
    const res = await run(c.registration, 'APPROVE', clerk);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      rejection: 'PERMISSION',
      permission: 'approve /api/financing/contracts',
      rejectionReason: '"Approve" needs the permission "approve /api/financing/contracts"',
    });
    expect(codes(await call('GET', `${contracts}/${c.registration}/transitions`, clerk))).toEqual([
      'UNDO_SUBMIT',
      'CANCEL',
    ]);
    expect(codes(await call('GET', `${contracts}/${c.registration}/transitions`, t.alpha.headers))).toEqual([
      'UNDO_SUBMIT',
      'APPROVE',
      'REJECT',
      'CANCEL',
    ]);
    expect((await run(c.registration, 'APPROVE')).statusCode).toBe(200);
  });

  it("lets a holder of the permission run it (the caller's permission set)", async () => {
    const operations = createWorkflowOperations(t.db.database.db);
    const c = await newContract();
    await run(c.registration, 'SUBMIT');
    const contract = entityByName('Contract')!;
    const base = { tenant: 'alpha', username: 'clerk@alpha', isAdmin: false };
    await expect(
      operations.run({ ...base, permissions: new Set(['read all']) }, contract, c.registration, 'APPROVE'),
    ).rejects.toMatchObject({ status: 409 });
    const approved = await operations.run(
      { ...base, permissions: new Set(['approve /api/financing/contracts']) },
      contract,
      c.registration,
      'APPROVE',
    );
    expect(approved).toMatchObject({ status: 'APPROVED', _updateUser: 'clerk@alpha' });
  });
});

describe('transitions of a selection', () => {
  it('answers those available to all the selected records, by order index with pullRight items last', async () => {
    const [a, b, c] = [await newContract(), await newContract(), await newContract()];
    const both = await call('POST', `${contracts}/transitions?exclude=modals,printings,documents`, t.alpha.headers, [
      a.registration,
      b.registration,
    ]);
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual([
      {
        code: 'SUBMIT',
        label: 'Submit',
        icon: 'SendOutlined',
        hidden: false,
        orderIndex: 10,
        props: { pullRight: false, action: 'DO', from: ['DRAFT'], to: 'SUBMITTED' },
      },
      {
        code: 'CANCEL',
        label: 'Cancel',
        icon: 'StopOutlined',
        hidden: false,
        orderIndex: 90,
        props: { pullRight: true, action: 'DO', from: ['DRAFT', 'SUBMITTED', 'APPROVED'], to: 'CANCELLED' },
      },
    ]);
    await run(c.registration, 'SUBMIT');
    const mixed = await call('POST', `${contracts}/transitions`, t.alpha.headers, {
      registrations: [a.registration, c.registration],
    });
    expect(codes(mixed)).toEqual(['CANCEL']);
    expect(codes(await call('POST', `${contracts}/transitions`, t.alpha.headers, [c.registration]))).toEqual([
      'UNDO_SUBMIT',
      'APPROVE',
      'REJECT',
      'CANCEL',
    ]);
    await run(a.registration, 'CANCEL');
    expect(
      codes(await call('POST', `${contracts}/transitions`, t.alpha.headers, [a.registration, b.registration])),
    ).toEqual([]);
  });

  it('refuses bad bodies and queries with catalogue errors', async () => {
    const c = await newContract();
    const post = (payload: unknown, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `${contracts}/transitions${query}`,
        headers: { ...t.alpha.headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
    const cases: [unknown, string, string][] = [
      [[], '', '400|EMPTY_BODY_ARRAY|Body array registrations must not be empty'],
      [{}, '', '400|MISSING_FIELD_IN_BODY|Missing field registrations in body'],
      [{ registrations: 'CT1' }, '', '400|INVALID_ARRAY_FIELD|Field registrations must be an array'],
      ['"CT1"', '', '400|INVALID_BODY_ARRAY|Body must be an array'],
      [
        [c.registration, 42],
        '',
        '400|INVALID_NON_EMPTY_STRING_FIELD|Field registrations[1] must be a non-empty string',
      ],
      [[''], '', '400|INVALID_NON_EMPTY_STRING_FIELD|Field registrations[0] must be a non-empty string'],
      ['[1,', '', '400|INVALID_JSON_FIELD|Field body must be valid JSON'],
      [
        [c.registration],
        '?exclude=modals,everything',
        '400|INVALID_FIELD_IN_QUERY|Invalid field exclude in query: a comma list of modals, printings, documents',
      ],
      [
        [c.registration, 'CT999999'],
        '',
        '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Contract with identifier CT999999 not found',
      ],
    ];
    for (const [payload, query, error] of cases)
      expect((await post(payload, query)).json().error, JSON.stringify(payload)).toBe(error);
    expect((await post(undefined)).statusCode).toBe(400);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: `${contracts}/transitions`,
      payload: [c.registration],
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('bad input on one record', () => {
  it('answers 404 for an unknown code or registration, 400 for a bad type', async () => {
    const c = await newContract();
    expect((await run(c.registration, 'LAUNCH')).json().error).toBe(
      '404|TRANSITION_NOT_FOUND|Transition LAUNCH not found in the Contract workflow',
    );
    expect((await run('CT999999', 'SUBMIT')).json().error).toBe(
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Contract with identifier CT999999 not found',
    );
    expect((await call('GET', `${contracts}/CT999999/transitions`, t.alpha.headers)).statusCode).toBe(404);
    expect(
      (await call('GET', `${contracts}/${c.registration}/transitions?type=${'x'.repeat(101)}`, t.alpha.headers)).json()
        .code,
    ).toBe('INVALID_FIELD_IN_QUERY');
    expect((await run(`${c.registration}'--`, 'SUBMIT')).statusCode).toBe(404);
  });

  it('still refuses a direct status change with STATUS_PATCH_PROHIBITED', async () => {
    const c = await newContract();
    for (const method of ['PATCH', 'PUT']) {
      const res = await call(method, `${contracts}/${c.registration}`, t.alpha.headers, {
        name: 'x',
        status: 'ACTIVE',
      });
      expect(res.json().error).toBe(
        '400|STATUS_PATCH_PROHIBITED|Status modification prohibited, workflow must be used',
      );
    }
  });
});

describe('tenant isolation', () => {
  it('does not let another tenant see or move a record', async () => {
    const c = await newContract();
    const beta = t.beta.headers;
    expect((await run(c.registration, 'SUBMIT', beta)).json().error).toBe(
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Contract with identifier ${c.registration} not found`,
    );
    expect((await call('GET', `${contracts}/${c.registration}/transitions`, beta)).statusCode).toBe(404);
    expect((await call('POST', `${contracts}/transitions`, beta, [c.registration])).statusCode).toBe(404);
    expect((await call('GET', `${contracts}/${c.registration}`, t.alpha.headers)).json()).toMatchObject({
      status: 'DRAFT',
      _version: c._version,
    });
  });
});

describe('racing transitions', () => {
  it('lets one of two identical runs win: one 200, one 409, one History row, the side effect once', async () => {
    const tickets = '/api/support/tickets';
    const ticket = (await call('POST', tickets, t.alpha.headers, { name: 'Change of bank details' })).json();
    for (const code of ['START', 'RESOLVE'])
      expect((await run(ticket.registration, code, t.alpha.headers, tickets)).statusCode).toBe(200);
    const [first, second] = await Promise.all([
      run(ticket.registration, 'REOPEN', t.alpha.headers, tickets),
      run(ticket.registration, 'REOPEN', t.alpha.headers, tickets),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ rejection: 'STATUS', currentStatus: 'IN_PROGRESS' });
    const record = (await call('GET', `${tickets}/${ticket.registration}`, t.alpha.headers)).json();
    expect(record).toMatchObject({ status: 'IN_PROGRESS', reopenCount: 1, _version: ticket._version + 3 });
    expect((await transitionRows(ticket.registration)).filter((r) => r.transition === 'REOPEN')).toHaveLength(1);
  });

  it('lets one of two different runs win', async () => {
    const c = await newContract({ startDate: '2025-02-01' });
    for (const code of ['SUBMIT', 'APPROVE']) await run(c.registration, code);
    const results = await Promise.all([run(c.registration, 'ACTIVATE'), run(c.registration, 'CANCEL')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const rows = await transitionRows(c.registration);
    expect(rows.map((r) => r.toStatus)).toEqual(['SUBMITTED', 'APPROVED', winner.status]);
    expect(winner._version).toBe(c._version + 3);
  });
});
