import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { addDays, dayIn } from '@lbo/model/values/dates';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser } from '../testing/users.ts';
import { runTaskRules } from './rule-engine.ts';

/**
 * The tasks the product opens itself, from the tenant's rules (defaults, then its own): a returned
 * debit, a deal waiting for approval, a failed batch, a SEPA mandate about to lapse, a contract
 * ending soon each open exactly one task, linked to the right record, assigned and notified; a
 * second run opens none; the cron's batch runs them; a bad rule is refused naming its field.
 */
let t: TestApp;
const now = new Date();
const today = dayIn(now, 'Europe/Paris');

const insert = (kind: string, registration: string, status: string | null, data: Doc, tenant = 'alpha') =>
  inTenant(t.db.database.db, { tenant, user: 'system' }, (tx) =>
    storage.insertRow(tx, entityByName(kind)!, tenant, 'system', { registration, status, name: registration, ...data }),
  );

const run = (tenant = 'alpha') =>
  inTenant(t.db.database.db, { tenant, user: 'system' }, (tx) =>
    runTaskRules(tx, { tenant, username: `admin@${tenant}` }, now),
  );

const tasksOf = async (tenant = 'alpha') =>
  (
    await t.call(
      'GET',
      '/api/core/tasks?range=[0-99]&sort=registration',
      tenant === 'alpha' ? t.alpha.headers : t.beta.headers,
    )
  ).json() as Doc[];

const notificationTypes = async (username: string) =>
  inTenant(t.db.database.db, { tenant: 'alpha', user: 'system' }, async (tx) => {
    const { rows } = await sql<{ type: string }>`SELECT data->>'type' AS type FROM notification
      WHERE tenant = 'alpha' AND data->>'recipient' = ${username} ORDER BY _insert_date`.execute(tx);
    return rows.map((r) => r.type);
  });

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, t.alpha.headers, {
    username: 'collector@alpha',
    lastName: 'Collector',
    profiles: ['COLLECTOR'],
  });
  await createUser(t.app, t.alpha.headers, { username: 'office@alpha', lastName: 'Office', profiles: ['BACK_OFFICE'] });
  await insert('Contract', 'CT000001', 'ACTIVE', { startDate: '2023-01-01', endDate: addDays(today, 40) });
  await insert('Contract', 'CT000002', 'ACTIVE', { startDate: '2023-01-01', endDate: addDays(today, 200) });
  await insert('PaymentFileLine', 'PFL000001', 'REJECTED', {
    pr: 'R',
    contractRegistration: 'CT000001',
    returnReasonCode: 'AM04',
    returnDate: today,
  });
  await insert('PaymentFileLine', 'PFL000002', 'ACCEPTED', { pr: 'R', contractRegistration: 'CT000002' });
  await insert('PaymentFileLine', 'PFL000003', 'ACCEPTED', {
    pr: 'R',
    mandateReference: 'RUM-USED',
    collectionDate: addDays(today, -30),
  });
  await insert('Deal', 'DL000001', 'SUBMITTED', {});
  await insert('Deal', 'DL000002', 'DRAFT', {});
  await insert('Batch', 'BAT000901', 'ERROR', {});
  await insert('Person', 'PER000001', null, {
    bankAccounts: [
      {
        name: 'Main',
        sepaMandates: [
          { rumReference: 'RUM-OLD', rumStatus: 'ACTIVE', rumDateOfSignature: '2020-01-15' },
          { rumReference: 'RUM-USED', rumStatus: 'ACTIVE', rumDateOfSignature: '2020-01-15' },
          { rumReference: 'RUM-REVOKED', rumStatus: 'REVOKED', rumDateOfSignature: '2020-01-15' },
        ],
      },
    ],
  });
  // Another tenant's records open tasks in that tenant only.
  await insert('Batch', 'BAT000901', 'ERROR', {}, 'beta');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('tasks opened by the rules', () => {
  it('opens exactly one task per record and rule, and none on a second run', async () => {
    expect(await run()).toEqual({
      'returned-debit': 1,
      'deal-approval': 1,
      'failed-batch': 1,
      'mandate-expiring': 1,
      'contract-end': 1,
    });
    expect(await run()).toEqual({
      'returned-debit': 0,
      'deal-approval': 0,
      'failed-batch': 0,
      'mandate-expiring': 0,
      'contract-end': 0,
    });
    const tasks = await tasksOf();
    expect(tasks).toHaveLength(5);
    const byRule = (name: string) => tasks.find((x) => String(x.ruleKey ?? '').startsWith(`${name}:`))!;
    // A returned debit's task is about the line's contract, for the collectors, due in two days.
    expect(byRule('returned-debit')).toMatchObject({
      entityName: 'Contract',
      entityRegistration: 'CT000001',
      profiles: ['COLLECTOR'],
      priority: 'HIGH',
      type: 'CALL',
      dueDate: addDays(today, 2),
      status: 'OPEN',
      done: false,
      ruleKey: 'returned-debit:PaymentFileLine:PFL000001',
    });
    expect(byRule('returned-debit').subject).toBe('Returned debit PFL000001 (AM04): call the client');
    expect(byRule('deal-approval')).toMatchObject({ entityName: 'Deal', entityRegistration: 'DL000001' });
    expect(byRule('failed-batch')).toMatchObject({ entityName: 'Batch', profiles: ['ADMIN'], priority: 'URGENT' });
    // The mandate never used since 2020 lapses; the one collected a month ago does not; a revoked one is not looked at.
    expect(byRule('mandate-expiring')).toMatchObject({
      entityName: 'Person',
      entityRegistration: 'PER000001',
      ruleKey: 'mandate-expiring:Person:PER000001:RUM-OLD',
    });
    expect(byRule('mandate-expiring').subject).toContain('lapses on 2023-01-15');
    // A contract ending in 40 days: due 30 days before its end.
    expect(byRule('contract-end')).toMatchObject({
      entityRegistration: 'CT000001',
      dueDate: addDays(today, 10),
    });
    expect(await notificationTypes('collector@alpha')).toEqual(
      expect.arrayContaining(['RETURN_RECEIVED', 'TASK_ASSIGNED']),
    );
    expect(await notificationTypes('office@alpha')).toEqual(expect.arrayContaining(['APPROVAL_NEEDED']));
    expect((await notificationTypes('office@alpha')).filter((x) => x === 'APPROVAL_NEEDED')).toHaveLength(1);
    // The task is listed on its record's Tasks card.
    const onContract = await t.call(
      'GET',
      '/api/core/tasks?entityName=Contract&entityRegistration=CT000001',
      t.alpha.headers,
    );
    expect(onContract.json()).toHaveLength(2);
    // Beta's own batch opened nothing in alpha, and beta's run opens its own.
    expect(await run('beta')).toMatchObject({ 'failed-batch': 1 });
    expect(await tasksOf('beta')).toHaveLength(1);
    expect(await tasksOf()).toHaveLength(5);
  });

  it('runs from its cron: a new returned debit opens its task in the batch', async () => {
    await insert('PaymentFileLine', 'PFL000004', 'REJECTED', {
      pr: 'R',
      contractRegistration: 'CT000002',
      returnReasonCode: 'MD01',
    });
    const started = await t.call('POST', '/api/core/crons/task-rules/run', t.alpha.headers);
    expect(started.statusCode, started.body).toBe(201);
    const registration = started.json().registration as string;
    let batch: Doc = {};
    for (let i = 0; i < 120 && !['SUCCESS', 'WARNING', 'ERROR'].includes(String(batch.status)); i++) {
      await new Promise((r) => setTimeout(r, 250));
      batch = (await t.call('GET', `/api/script/batches/${registration}`, t.alpha.headers)).json();
    }
    expect(batch.status).toBe('SUCCESS');
    const tasks = await tasksOf();
    expect(tasks.filter((x) => x.ruleKey === 'returned-debit:PaymentFileLine:PFL000004')).toHaveLength(1);
    expect(tasks).toHaveLength(6);
    // Two runs at once (a tick and a manual run) open a new record's task once.
    await insert('Batch', 'BAT000902', 'ERROR', {});
    const both = await Promise.all([run(), run()]);
    expect(both.map((r) => r['failed-batch']).sort()).toEqual([0, 1]);
    expect(await tasksOf()).toHaveLength(7);
  });

  it("keeps the tenant's rules as data, checked field by field", async () => {
    const path = '/api/core/tenant-configuration/taskRules';
    const defaults = await t.call('GET', path, t.alpha.headers);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json().rules.map((r: Doc) => r.name)).toContain('returned-debit');
    const rule = {
      name: 'big-deal',
      kind: 'Deal',
      filter: 'status=DRAFT',
      subject: 'Look at draft {registration}',
      assignee: { username: 'collector@alpha' },
      dueInDays: 3,
      priority: 'LOW',
      taskType: 'TODO',
      notificationType: 'TASK_ASSIGNED',
    };
    const badKind = await t.call('PUT', path, t.alpha.headers, { rules: [{ ...rule, kind: 'Nothing' }] });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toContain('rules[0].kind');
    const badFilter = await t.call('PUT', path, t.alpha.headers, { rules: [{ ...rule, filter: 'colour=red' }] });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toContain('rules[0].filter');
    const twice = await t.call('PUT', path, t.alpha.headers, { rules: [rule, rule] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('VALUE_ALREADY_EXISTS');
    const saved = await t.call('PUT', path, t.alpha.headers, { rules: [rule] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await run()).toEqual({ 'big-deal': 1 });
    expect(await run()).toEqual({ 'big-deal': 0 });
    const opened = (await tasksOf()).find((x) => x.ruleKey === 'big-deal:Deal:DL000002');
    expect((await tasksOf()).filter((x) => String(x.ruleKey).startsWith('big-deal:'))).toHaveLength(1);
    expect(opened).toMatchObject({ ownerUsername: 'collector@alpha', subject: 'Look at draft DL000002' });
  });
});
