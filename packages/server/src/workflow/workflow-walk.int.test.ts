import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, type entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import { transitionsFrom, type WorkflowDefinition } from '@lbo/model/workflow/workflow';
import { defaultWorkflow } from '@lbo/model/workflow/workflows';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import { createTenant } from '../product.ts';
import { minimalRecord } from '../testing/workflow-records.ts';
import { officeParents } from '../testing/office-parents.ts';

/**
 * Every default workflow walked through the API: for each transition, a fresh record is taken
 * from the first status along the shortest path to where the transition starts, then the
 * transition is run. Together the walks reach every status, final ones included.
 */
let t: TestApp;
/** Bodies of kinds whose domain route checks more than the declared fields (a real asset to depreciate), made afresh for each record when a function. */
const domainBodies: Record<string, Record<string, unknown> | (() => Promise<Record<string, unknown>>)> = {};
/** Tenants are written by a super admin of the master tenant only. */
let masterHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.db.database.db, 'master', {
    username: 'root@master',
    password: t.alpha.password,
    isSuperAdmin: true,
  });
  masterHeaders = { authorization: `Bearer ${await signIn(t.app, 'root@master', t.alpha.password)}` };
  const asset = (
    await t.call('POST', '/api/asset/assets', t.alpha.headers, { name: 'Walked asset', priceExclTax: 1000 })
  ).json();
  domainBodies.DepreciationSchedule = {
    assetRegistration: asset.registration,
    method: 'LINEAR',
    duration: 5,
    startDate: '2025-01-01',
  };
  // Field work (docs/field-work.md): an inspection and an expense name an existing asset; an answered checklist.
  domainBodies.Inspection = {
    assetRegistration: asset.registration,
    answers: [{ question: 'Remarks', answerType: 'TEXT', mandatory: false }],
  };
  domainBodies.AssetExpense = { assetRegistration: asset.registration };
  // Winning a deal and activating a contract need a client, a lessor and a priced quotation; an amendment, an active contract.
  const financed = {
    persons: [
      { role: 'CLIENT', personRegistration: 'PER000001' },
      { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
    ],
    startDate: '2025-01-15',
    quotations: [
      { financialProduct: 'LEASE', financedAmountExclTax: 12000, duration: 12, frequency: '30', rate: 0.05 },
    ],
  };
  domainBodies.Deal = financed;
  domainBodies.Contract = financed;
  // A voting opens with its eligible voters: users of the tenant (docs/committees.md).
  domainBodies.Voting = { voters: [{ username: 'admin@alpha' }] };
  Object.assign(domainBodies, await officeParents(t));
  const contract = (
    await t.call('POST', '/api/financing/contracts', t.alpha.headers, { name: 'Amended contract', ...financed })
  ).json();
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
    await t.call('GET', `/api/financing/contracts/${contract.registration}/transitions/${code}`, t.alpha.headers);
  domainBodies.Amendment = {
    contractRegistration: contract.registration,
    type: 'RATE_CHANGE',
    date: '2025-06-01',
    rate: 0.04,
  };
  // A lot cedes running contracts, each once, to a fund.
  const fund = (
    await t.call('POST', '/api/financing/funds', t.alpha.headers, {
      name: 'Walked fund',
      currency: 'EUR',
      creditLimit: 10_000_000,
    })
  ).json();
  domainBodies.ContractLot = async () => {
    const lotted = (
      await t.call('POST', '/api/financing/contracts', t.alpha.headers, { name: 'Ceded contract', ...financed })
    ).json();
    for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
      await t.call('GET', `/api/financing/contracts/${lotted.registration}/transitions/${code}`, t.alpha.headers);
    return {
      contracts: [{ contractRegistration: lotted.registration }],
      fundRegistration: fund.registration,
      currency: 'EUR',
      rate: 0.03,
    };
  };
  // An allocation applies a pending cashflow to an issued invoice.
  const invoice = (
    await t.call('POST', '/api/billing/invoices', t.alpha.headers, {
      name: 'Walked invoice',
      organizationRegistration: 'ORG000001',
      pr: 'R',
      currency: 'EUR',
      amountInclTax: 1000,
      totalBalance: 1000,
      dueDate: '2025-06-30',
    })
  ).json();
  await t.call('GET', `/api/billing/invoices/${invoice.registration}/transitions/ISSUE`, t.alpha.headers);
  const cashflow = (
    await t.call('POST', '/api/billing/cashflows', t.alpha.headers, {
      name: 'Walked payment',
      pr: 'R',
      currency: 'EUR',
      amount: 100,
      valueDate: '2025-06-30',
    })
  ).json();
  await t.call('GET', `/api/billing/cashflows/${cashflow.registration}/transitions/VALIDATE`, t.alpha.headers);
  // An invoice is issued in its seller's sequence.
  domainBodies.Invoice = { organizationRegistration: 'ORG000001' };
  domainBodies.CashflowAllocation = {
    cashflowRegistration: cashflow.registration,
    invoiceRegistration: invoice.registration,
    amount: 1,
  };
  // A tenant's name is part of addresses: lower case.
  let tenants = 0;
  domainBodies.Tenant = async () => ({ name: `walked-${++tenants}` });
  // A feature flag's targeting rule names one profile (or one user).
  domainBodies.FeatureFlagItem = { profile: 'SALES' };
  // A manual entry is requested and posted balanced.
  domainBodies.Booking = {
    date: '2025-06-30',
    entryLines: [
      { account: '627000', dc: 'D', amount: 10 },
      { account: '512000', dc: 'C', amount: 10 },
    ],
  };
});
afterAll(async () => {
  await t?.close();
});

/** A document uploaded to a new contract. */
async function uploadDocument(headers: Record<string, string>) {
  const contract = (
    await t.call('POST', '/api/financing/contracts', headers, { name: 'Contract with a document' })
  ).json();
  const boundary = 'walk';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="walk.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/financing/contracts/${contract.registration}/documents`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** What a kind the server writes holds when its domain writes it (a background list export, a statement's transaction). */
const serverBodies: Record<string, Record<string, unknown>> = {
  Export: { entityName: 'Contract', format: 'csv', ownerUser: 'admin@alpha' },
};

/**
 * A record of a kind no route creates (exports, statements, payment files, postings…), stored as
 * its domain stores it, in its first status. A posting is only ever written balanced with its
 * event: one the books wrote for the invoice issued above is taken.
 */
async function serverWritten(entity: ReturnType<typeof entityByName> & object, status: string, required: string[]) {
  const row = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, async (tx) => {
    if (entity.name === 'Posting')
      return (await storage.findWhere(tx, entity, 'alpha', sql<boolean>`status = ${status}`, 1))[0];
    return storage.insertRow(tx, entity, 'alpha', 'admin@alpha', {
      ...minimalRecord(entity, required),
      registration: `${entity.prefix}WALK${Math.random().toString(36).slice(2, 8)}`,
      status,
      ...serverBodies[entity.name],
    });
  });
  return {
    statusCode: 201,
    body: '',
    json: () => storage.toDocument(row) as { registration: string; status: string; _version: number },
  };
}

/** The codes leading from the status a record starts in to each status, shortest first. */
function pathsOf(workflow: WorkflowDefinition, start: string): Map<string, string[]> {
  const paths = new Map([[start, [] as string[]]]);
  const queue = [start];
  while (queue.length) {
    const status = queue.shift()!;
    for (const tr of transitionsFrom(workflow, status)) {
      if (paths.has(tr.to)) continue;
      paths.set(tr.to, [...paths.get(status)!, tr.code]);
      queue.push(tr.to);
    }
  }
  return paths;
}

const kinds = entities
  .filter((e) => e.status)
  .map((entity) => ({ name: entity.name, entity, workflow: defaultWorkflow(entity)! }));

describe('every default workflow through the API', () => {
  it.each(kinds)('$name: every transition runs, every status is reached', async ({ entity, workflow }) => {
    const h = entity.name === 'Tenant' ? masterHeaders : t.alpha.headers;
    const base = `/api/${entity.route}`;
    const required = [...new Set(workflow.transitions.flatMap((tr) => tr.requiredFields))];
    // A document is made by uploading its file to a record, and starts uploaded.
    const start = entity.name === 'Document' ? 'UPLOADED' : workflow.statuses[0];
    const paths = pathsOf(workflow, start);
    const reached = new Set([start]);
    for (const transition of workflow.transitions) {
      const domain = domainBodies[entity.name];
      const created =
        entity.name === 'Document'
          ? await uploadDocument(h)
          : entity.readOnly
            ? await serverWritten(entity, start, required)
            : await t.app.inject({
                method: 'POST',
                url: base,
                headers: h,
                payload: {
                  ...minimalRecord(entity, required),
                  ...(typeof domain === 'function' ? await domain() : domain),
                },
              });
      expect(created.statusCode, `${entity.name} create: ${created.body}`).toBe(201);
      const record = created.json();
      expect(record.status).toBe(start);
      const id = encodeURIComponent(record.registration);
      const steps = [...paths.get(transition.from[0])!, transition.code];
      let version = record._version;
      for (const code of steps) {
        const run = await t.app.inject({ url: `${base}/${id}/transitions/${code}`, headers: h });
        expect(run.statusCode, `${entity.name} ${code}: ${run.body}`).toBe(200);
        const to = workflow.transitions.find((tr) => tr.code === code)!.to;
        expect(run.json()).toMatchObject({ registration: record.registration, status: to, _version: version + 1 });
        version += 1;
        reached.add(to);
      }
      const listed = await t.app.inject({ url: `${base}/${id}/transitions`, headers: h });
      expect(listed.statusCode).toBe(200);
      const expected = transitionsFrom(workflow, transition.to)
        .map((tr) => tr.code)
        .sort();
      expect(
        listed
          .json()
          .map((i: { code: string }) => i.code)
          .sort(),
        `${entity.name} after ${transition.code}`,
      ).toEqual(expected);
    }
    expect([...reached].sort()).toEqual([...workflow.statuses].sort());
  });
});
