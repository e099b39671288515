import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser } from '../testing/users.ts';
import { DEMO_PROJECT, writeDemoProjects } from './demo-projects.ts';

/**
 * Projects, budgets and time over HTTP: the weekly timesheet saved, submitted and approved,
 * approved hours adding up on the project, a budget's actuals read from postings on its accounts
 * over its period, each refusal naming its field, another tenant's records out of reach.
 */
let t: TestApp;
const call: TestApp['call'] = (...args) => t.call(...args);
let project: string;
const week = '2025-03-10'; // a Monday
const row = (hours: (number | null)[]) => ({ projectRegistration: project, hours });

async function created(route: string, body: object, headers = t.alpha.headers): Promise<string> {
  const res = await call('POST', `/api/support/${route}`, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().registration);
}

beforeAll(async () => {
  t = await createTestApp();
  const saved = await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, {
    CLERK: ['read all', 'write /api/support/time-entries'],
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  project = await created('projects', {
    name: 'Portal',
    members: [{ username: t.alpha.username, role: 'Lead' }],
    milestones: [
      { name: 'Scope', dueDate: '2025-02-01', done: true },
      { name: 'Go live', dueDate: '2025-06-01' },
    ],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the weekly timesheet', () => {
  it('lists the projects the user is a member of, empty', async () => {
    const res = await call('GET', `/api/support/timesheet?week=2025-03-12`, t.alpha.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      week,
      days: ['2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13', '2025-03-14', '2025-03-15', '2025-03-16'],
      rows: [
        { projectRegistration: project, projectName: 'Portal', hours: [null, null, null, null, null, null, null] },
      ],
      status: 'EMPTY',
      total: 0,
    });
  });

  it('saves changed cells, clears emptied ones, adds up decimal hours exactly', async () => {
    let res = await call('PUT', '/api/support/timesheet', t.alpha.headers, {
      week,
      rows: [row([7.5, 0.1, 0.2, null, 4, null, null])],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 11.8, totals: [7.5, 0.1, 0.2, 0, 4, 0, 0], status: 'DRAFT' });
    res = await call('PUT', '/api/support/timesheet', t.alpha.headers, {
      week,
      rows: [row([8, 0.1, null, null, 4, null, null])],
    });
    expect(res.json()).toMatchObject({ total: 12.1, totals: [8, 0.1, 0, 0, 4, 0, 0] });
    const list = await call('GET', `/api/support/time-entries?project=${project}`, t.alpha.headers);
    expect(list.json()).toHaveLength(3);
  });

  it('refuses more than 24 hours a day and a bad week, naming the field', async () => {
    const over = await call('POST', '/api/support/time-entries', t.alpha.headers, {
      projectRegistration: project,
      entryDate: '2025-03-10',
      hours: 16.5,
    });
    expect(over.json().error).toBe('400|INVALID_FIELD_VALUE|Invalid value 16.5 for field hours');
    const zero = await call('POST', '/api/support/time-entries', t.alpha.headers, {
      projectRegistration: project,
      entryDate: '2025-03-10',
      hours: 0,
    });
    expect(zero.json().error).toBe('400|INVALID_POSITIVE_NUMBER_FIELD|Field hours must be a positive number');
    const noProject = await call('POST', '/api/support/time-entries', t.alpha.headers, {
      entryDate: '2025-03-10',
      hours: 1,
    });
    expect(noProject.json().error).toBe('400|MISSING_FIELD_IN_BODY|Missing field projectRegistration in body');
    const badWeek = await call('PUT', '/api/support/timesheet', t.alpha.headers, { week: '2025-02-30', rows: [] });
    expect(badWeek.statusCode).toBe(400);
    expect(badWeek.json().error).toContain('week');
    const shortRow = await call('PUT', '/api/support/timesheet', t.alpha.headers, { week, rows: [row([1, 2])] });
    expect(shortRow.statusCode).toBe(400);
    expect(shortRow.json().error).toContain('rows');
  });

  it('submits the week, keeps it from changing, and approved hours feed the project', async () => {
    const submitted = await call('POST', '/api/support/timesheet/submit', t.alpha.headers, { week });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('SUBMITTED');
    const locked = await call('PUT', '/api/support/timesheet', t.alpha.headers, {
      week,
      rows: [row([1, 0.1, null, null, 4, null, null])],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatch(/^409\|RECORD_FROZEN\|/);
    const again = await call('POST', '/api/support/timesheet/submit', t.alpha.headers, { week });
    expect(again.json().error).toBe('400|INVALID_FIELD_VALUE|Invalid value 2025-03-10 for field week');
    // A user who may write time but not approve it is refused; the manager approves the week.
    const clerk = await createUser(t.app, t.alpha.headers, {
      username: 'clerk@alpha',
      lastName: 'Clerk',
      profiles: ['CLERK'],
    });
    const review = { username: t.alpha.username, week: '2025-03-12', decision: 'APPROVE' };
    const refused = await call('POST', '/api/support/timesheet/review', clerk.headers, review);
    expect(refused.statusCode).toBe(403);
    const peek = await call('GET', `/api/support/timesheet?week=${week}&username=${t.alpha.username}`, clerk.headers);
    expect(peek.json().error).toBe('403|FORBIDDEN|Permission approve /api/support/time-entries required');
    const reviewed = await call('GET', `/api/support/timesheet?week=${week}&username=clerk@alpha`, t.alpha.headers);
    expect(reviewed.json()).toMatchObject({ username: 'clerk@alpha', status: 'EMPTY' });
    const approved = await call('POST', '/api/support/timesheet/review', t.alpha.headers, review);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ username: t.alpha.username, week, decision: 'APPROVE', entries: 3 });
    const twice = await call('POST', '/api/support/timesheet/review', t.alpha.headers, review);
    expect(twice.json().error).toBe('400|INVALID_FIELD_VALUE|Invalid value 2025-03-10 for field week');
    const after = await call('GET', `/api/support/timesheet?week=${week}`, t.alpha.headers);
    expect(after.json().status).toBe('APPROVED');
    const summary = await call('GET', `/api/support/projects/${project}/summary`, t.alpha.headers);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({
      hours: { approved: 12.1, submitted: 0, draft: 0 },
      approvedByUser: [{ username: t.alpha.username, hours: 12.1 }],
      milestones: { total: 2, done: 1, next: { name: 'Go live', dueDate: '2025-06-01' } },
    });
  });
});

describe('a budget', () => {
  it('reads its actuals from the postings on its accounts over its period, and its variances', async () => {
    const posting = entityByName('Posting')!;
    let n = 0;
    const post = (account: string, dc: string, amount: number, date: string, currency = 'EUR') => ({
      registration: `TESTPOST${++n}`,
      name: `${account} ${date}`,
      account,
      dc,
      amount,
      date,
      currency,
      postingEventRegistration: 'TESTEVENT1',
      status: 'VALIDATED',
    });
    // Each posting balanced by its opposite on the bank account (the books' triggers check every event balances).
    const balanced = (...args: Parameters<typeof post>) => {
      const [account, dc, ...rest] = args;
      return [post(account, dc, ...rest), post('512000', dc === 'D' ? 'C' : 'D', ...rest)];
    };
    const write = (tenant: string, docs: Record<string, unknown>[]) =>
      inTenant(t.db.database.db, { tenant, user: `admin@${tenant}` }, async (tx) => {
        for (const doc of docs) await storage.insertRow(tx, posting, tenant, `admin@${tenant}`, doc);
      });
    await write('alpha', [
      ...balanced('606300', 'D', 1200.1, '2025-02-01'),
      ...balanced('606310', 'D', 300.2, '2025-03-01'),
      ...balanced('606300', 'C', 100.05, '2025-03-05'),
      ...balanced('606300', 'D', 999, '2024-12-31'), // before the period
      ...balanced('606300', 'D', 50, '2025-03-01', 'USD'), // another currency
      ...balanced('6251', 'D', 80, '2025-04-01'),
    ]);
    // Another tenant's postings on the same account never count.
    await write('beta', balanced('606300', 'D', 5000, '2025-02-01'));
    const budget = await created('budgets', {
      name: 'Portal 2025',
      projectRegistration: project,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      currency: 'EUR',
      lines: [
        { accountNumber: '6063', label: 'Supplies', budgeted: 2000, committed: 250.5 },
        { accountNumber: '6251', label: 'Travel', budgeted: 100 },
      ],
    });
    const res = await call('GET', `/api/support/budgets/${budget}/actuals`, t.alpha.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lines: [
        {
          accountNumber: '6063',
          budgeted: 2000,
          committed: 250.5,
          actual: 1400.25,
          variance: 599.75,
          available: 349.25,
        },
        { accountNumber: '6251', budgeted: 100, committed: 0, actual: 80, variance: 20, available: 20 },
      ],
      totals: { budgeted: 2100, committed: 250.5, actual: 1480.25, variance: 619.75, available: 369.25 },
    });
    const backwards = await call('POST', '/api/support/budgets', t.alpha.headers, {
      name: 'Backwards',
      startDate: '2025-12-31',
      endDate: '2025-01-01',
    });
    expect(backwards.json().error).toBe('400|INVALID_FIELD_VALUE|Invalid value 2025-01-01 for field endDate');
    const noAccount = await call('POST', '/api/support/budgets', t.alpha.headers, {
      name: 'No account',
      lines: [{ budgeted: 5 }],
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error).toContain('accountNumber');
  });
});

describe('another tenant', () => {
  it('reaches neither the project, its summary, its budget, nor books time on it', async () => {
    const summary = await call('GET', `/api/support/projects/${project}/summary`, t.beta.headers);
    expect(summary.statusCode).toBe(404);
    const entry = await call('POST', '/api/support/time-entries', t.beta.headers, {
      projectRegistration: project,
      entryDate: '2025-03-10',
      hours: 1,
    });
    expect(entry.statusCode).toBe(404);
    const sheet = await call('PUT', '/api/support/timesheet', t.beta.headers, {
      week,
      rows: [row([1, null, null, null, null, null, null])],
    });
    expect(sheet.statusCode).toBe(404);
    const own = await call('GET', `/api/support/timesheet?week=${week}`, t.beta.headers);
    expect(own.json().rows).toEqual([]);
    const left = await inTenant(t.db.database.db, { tenant: 'beta', user: 'admin@beta' }, (tx) =>
      storage.findWhere(tx, entityByName('TimeEntry')!, 'beta', sql<boolean>`true`),
    );
    expect(left).toHaveLength(0);
  });
});

describe('the demo project', () => {
  it('is written once, with its budget and last week approved', async () => {
    const context = { db: t.db.database.db, operations: undefined as never, tenant: 'beta', loadedKinds: [] };
    await writeDemoProjects(context);
    await writeDemoProjects(context);
    const projects = await call(
      'GET',
      `/api/support/projects?name=${encodeURIComponent(DEMO_PROJECT)}`,
      t.beta.headers,
    );
    expect(projects.json()).toHaveLength(1);
    const registration = projects.json()[0].registration;
    const summary = await call('GET', `/api/support/projects/${registration}/summary`, t.beta.headers);
    expect(summary.json()).toMatchObject({ hours: { approved: 34, draft: 15 }, milestones: { total: 3, done: 1 } });
    const budgets = await call('GET', `/api/support/budgets?project=${registration}`, t.beta.headers);
    expect(budgets.json()).toHaveLength(1);
    const actuals = await call('GET', `/api/support/budgets/${budgets.json()[0].registration}/actuals`, t.beta.headers);
    expect(actuals.statusCode, actuals.body).toBe(200);
  });
});
