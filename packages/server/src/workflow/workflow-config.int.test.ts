import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '@lbo/model/entity-registry';
import { writeConfiguration } from '../db/configuration.ts';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signInClerk } from '../testing/workflow-records.ts';

let t: TestApp;
let clerk: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInClerk(t);
});
afterAll(async () => {
  await t?.close();
});

const call: TestApp['call'] = (...args) => t.call(...args);
const codes = (res: { json(): unknown }) => (res.json() as { code: string }[]).map((i) => i.code);
const contracts = '/api/financing/contracts';

/** A tenant's own contract lifecycle: straight to active, with a loan-only path. */
const simpleContract = {
  statuses: ['DRAFT', 'ACTIVE', 'CANCELLED'],
  transitions: [
    {
      code: 'ACTIVATE',
      from: 'DRAFT',
      to: 'ACTIVE',
      requiredFields: ['startDate'],
      types: ['LEASE'],
      sideEffects: ['stampActivationDate'],
    },
    { code: 'ACTIVATE_LOAN', label: 'Disburse loan', from: ['DRAFT'], to: 'ACTIVE', types: ['LOAN'], orderIndex: 5 },
    { code: 'CANCEL', from: ['DRAFT'], to: 'CANCELLED', permission: 'cancel contracts' },
  ],
};

describe('reading workflows', () => {
  it('lists every kind with a status and answers one definition with its tones', async () => {
    const all = (await call('GET', '/api/core/workflows', t.alpha.headers)).json();
    expect(all).toHaveLength(entities.filter((e) => e.status).length);
    expect(all).toContainEqual({
      entity: 'Invoice',
      route: 'billing/invoices',
      statusList: 'invoiceStatus',
      source: 'default',
    });
    const contract = (await call('GET', '/api/core/workflows/Contract', clerk)).json();
    expect(contract).toMatchObject({
      entity: 'Contract',
      statusList: 'contractStatus',
      source: 'default',
      tones: { DRAFT: 'default', CANCELLED: 'error', TERMINATED: 'success' },
    });
    expect(contract.transitions.map((tr: { code: string }) => tr.code)).toContain('APPROVE');
    expect((await call('GET', '/api/core/workflows/credit-line', t.alpha.headers)).json().entity).toBe('CreditLine');
    expect((await call('GET', '/api/core/workflows/Spaceship', t.alpha.headers)).json().error).toBe(
      '400|UNSUPPORTED_ENTITY|Unsupported entity Spaceship',
    );
    expect((await call('GET', '/api/core/workflows/History', t.alpha.headers)).json().code).toBe('UNSUPPORTED_ENTITY');
  });
});

describe('a tenant override', () => {
  it('refuses a bad definition with 400 INVALID_FIELD_IN_CONFIG naming the field, and keeps the default', async () => {
    const unknownStatus = await call('PUT', '/api/core/workflows/Contract', t.alpha.headers, {
      transitions: [...simpleContract.transitions, { code: 'PARK', from: 'DRAFT', to: 'PARKED' }],
      statuses: simpleContract.statuses,
    });
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json()).toMatchObject({
      code: 'INVALID_FIELD_IN_CONFIG',
      message:
        'Invalid field workflow.Contract.transitions[3].to in configuration: unknown status "PARKED" (not a status of the Contract workflow)',
    });
    const fromNowhere = await call('PUT', '/api/core/workflows/Contract', t.alpha.headers, {
      statuses: ['DRAFT', 'CANCELLED'],
      transitions: [{ code: 'CANCEL', from: [], to: 'CANCELLED' }],
    });
    expect(fromNowhere.json().message).toBe(
      'Invalid field workflow.Contract.transitions[0].from in configuration: must name at least one status (a transition cannot start from nowhere)',
    );
    const unreachable = await call('PUT', '/api/core/workflows/Contract', t.alpha.headers, {
      transitions: [{ code: 'CANCEL', from: 'DRAFT', to: 'CANCELLED' }],
    });
    expect(unreachable.json().errors).toContain(
      'statuses[1]: status SUBMITTED cannot be reached from DRAFT by any transition',
    );
    expect((await call('PUT', '/api/core/workflows/Contract', t.alpha.headers, [])).json().code).toBe(
      'INVALID_FIELD_IN_CONFIG',
    );
    expect((await call('GET', '/api/core/workflows/Contract', t.alpha.headers)).json().source).toBe('default');
  });

  it('is for admins (or holders of the strict write /api/core/tenant-configuration) only', async () => {
    const res = await call('PUT', '/api/core/workflows/Contract', clerk, simpleContract);
    expect(res.json().error).toBe('403|FORBIDDEN|Permission write /api/core/tenant-configuration required');
    expect((await call('DELETE', '/api/core/workflows/Contract', clerk)).statusCode).toBe(403);
  });

  it('replaces the default for its tenant only, by record type, until it is dropped', async () => {
    const saved = await call('PUT', '/api/core/workflows/Contract', t.alpha.headers, simpleContract);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      source: 'tenant',
      statuses: simpleContract.statuses,
      tones: { ACTIVE: 'success' },
    });
    expect(saved.json().transitions[0]).toMatchObject({
      code: 'ACTIVATE',
      label: 'Activate',
      icon: 'PlayCircleOutlined',
      orderIndex: 10,
      from: ['DRAFT'],
    });

    const lease = (await call('POST', contracts, t.alpha.headers, { name: 'Lease', type: 'LEASE' })).json();
    expect(codes(await call('GET', `${contracts}/${lease.registration}/transitions`, t.alpha.headers))).toEqual([
      'ACTIVATE',
      'CANCEL',
    ]);
    expect(
      codes(await call('GET', `${contracts}/${lease.registration}/transitions?type=LOAN`, t.alpha.headers)),
    ).toEqual(['ACTIVATE_LOAN', 'CANCEL']);
    expect(codes(await call('GET', `${contracts}/${lease.registration}/transitions`, clerk))).toEqual(['ACTIVATE']);
    const wrongType = await call(
      'GET',
      `${contracts}/${lease.registration}/transitions/ACTIVATE_LOAN`,
      t.alpha.headers,
    );
    expect(wrongType.json()).toMatchObject({
      rejection: 'TYPE',
      rejectionReason: '"Disburse loan" is only for records of type LOAN, not LEASE',
    });
    expect(
      (await call('GET', `${contracts}/${lease.registration}/transitions/SUBMIT`, t.alpha.headers)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `${contracts}/${lease.registration}/transitions/ACTIVATE`, t.alpha.headers)).json().rejection,
    ).toBe('REQUIRED_FIELDS');
    await call('PATCH', `${contracts}/${lease.registration}`, t.alpha.headers, { startDate: '2025-03-01' });
    const active = await call('GET', `${contracts}/${lease.registration}/transitions/ACTIVATE`, t.alpha.headers);
    expect(active.json()).toMatchObject({
      status: 'ACTIVE',
      activationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // Tenant beta keeps the default lifecycle.
    const other = (await call('POST', contracts, t.beta.headers, { name: 'Lease', type: 'LEASE' })).json();
    expect(codes(await call('GET', `${contracts}/${other.registration}/transitions`, t.beta.headers))).toEqual([
      'SUBMIT',
      'CANCEL',
    ]);

    // Dropping it brings the default back.
    expect((await call('GET', '/api/core/workflows', t.alpha.headers)).json()).toContainEqual({
      entity: 'Contract',
      route: 'financing/contracts',
      statusList: 'contractStatus',
      source: 'tenant',
    });
    expect((await call('DELETE', '/api/core/workflows/Contract', t.alpha.headers)).json().source).toBe('default');
    expect((await call('GET', '/api/core/workflows/Contract', t.alpha.headers)).json().source).toBe('default');
    const draft = (await call('POST', contracts, t.alpha.headers, { name: 'Lease', type: 'LEASE' })).json();
    expect(codes(await call('GET', `${contracts}/${draft.registration}/transitions`, t.alpha.headers))).toEqual([
      'SUBMIT',
      'CANCEL',
    ]);
  });

  it("answers 400 INVALID_FIELD_IN_CONFIG when a bad definition was stored behind the API's back", async () => {
    const store = (value: unknown) =>
      inTenant(t.db.database.db, { tenant: 'alpha', user: 'system' }, (tx) =>
        writeConfiguration(tx, 'alpha', 'workflow.Deal', value, 'system'),
      );
    await store({ transitions: [{ code: 'WIN', from: [], to: 'WON' }] });
    const deal = (await call('POST', '/api/financing/deals', t.alpha.headers, { name: 'Deal' })).json();
    const res = await call('POST', '/api/financing/deals/transitions', t.alpha.headers, [deal.registration]);
    expect(res.json().error).toBe(
      '400|INVALID_FIELD_IN_CONFIG|Invalid field workflow.Deal.transitions[0].from in configuration: must name at least one status (a transition cannot start from nowhere)',
    );
    expect(
      (await call('GET', `/api/financing/deals/${deal.registration}/transitions/WIN`, t.alpha.headers)).statusCode,
    ).toBe(400);
    await store(null);
    expect(
      (await call('GET', `/api/financing/deals/${deal.registration}/transitions`, t.alpha.headers)).statusCode,
    ).toBe(200);
  });

  it("is checked against the tenant's own status list", async () => {
    const values = ['DRAFT', 'ISSUED', 'PAID', 'CANCELLED'].map((value) => ({ value, label: value }));
    expect(
      (await call('POST', '/api/script/lists', t.alpha.headers, { name: 'invoiceStatus', values })).statusCode,
    ).toBe(201);
    const invoice = (await call('POST', '/api/billing/invoices', t.alpha.headers, { name: 'Invoice' })).json();
    const refused = await call('GET', `/api/billing/invoices/${invoice.registration}/transitions`, t.alpha.headers);
    expect(refused.json().message).toBe(
      'Invalid field workflow.Invoice.statuses[2] in configuration: unknown status "PARTIALLY_PAID" (not in invoiceStatus: DRAFT, ISSUED, PAID, CANCELLED)',
    );
    const own = {
      transitions: [
        { code: 'ISSUE', from: 'DRAFT', to: 'ISSUED' },
        { code: 'PAY', from: 'ISSUED', to: 'PAID', sideEffects: ['markInvoicePaid'] },
        { code: 'CANCEL', from: ['DRAFT', 'ISSUED'], to: 'CANCELLED' },
      ],
    };
    expect((await call('PUT', '/api/core/workflows/Invoice', t.alpha.headers, own)).statusCode).toBe(200);
    for (const code of ['ISSUE', 'PAY'])
      expect(
        (await call('GET', `/api/billing/invoices/${invoice.registration}/transitions/${code}`, t.alpha.headers))
          .statusCode,
      ).toBe(200);
    const paid = (await call('GET', `/api/billing/invoices/${invoice.registration}`, t.alpha.headers)).json();
    expect(paid).toMatchObject({
      status: 'PAID',
      totalBalance: 0,
      paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});
