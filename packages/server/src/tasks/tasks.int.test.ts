import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { sendDueReminders } from './reminders.ts';

/**
 * Tasks through the API: linked to a record of any kind and listed on it, assigned to a user or a
 * profile (who are notified), the assignee picker (`userNames`), the workflow keeping `done`
 * coherent, reminders sent once, "My tasks" with overdue ones marked, another tenant and a user
 * without `read /api/core/tasks` kept out.
 */
let t: TestApp;
let collector: SignedInUser;
let sales: SignedInUser;
let nobody: SignedInUser;
let project = '';

const notificationsOf = async (tenant: string, username: string, type?: string) =>
  inTenant(t.db.database.db, { tenant, user: 'system' }, async (tx) => {
    const { rows } = await sql<{ type: string; key: string; link: string; title: string }>`
      SELECT data->>'type' AS type, data->>'key' AS key, data->>'link' AS link, data->>'title' AS title
      FROM notification WHERE tenant = ${tenant} AND data->>'recipient' = ${username}
      AND (${type ?? null}::text IS NULL OR data->>'type' = ${type ?? null}) ORDER BY _insert_date`.execute(tx);
    return rows;
  });

const createTask = (body: Record<string, unknown>, headers = t.alpha.headers) =>
  t.call('POST', '/api/core/tasks', headers, body);

beforeAll(async () => {
  t = await createTestApp();
  collector = await createUser(t.app, t.alpha.headers, {
    username: 'collector@alpha',
    lastName: 'Collector',
    profiles: ['COLLECTOR'],
  });
  sales = await createUser(t.app, t.alpha.headers, { username: 'sales@alpha', lastName: 'Sales', profiles: ['SALES'] });
  nobody = await createUser(t.app, t.alpha.headers, {
    username: 'nobody@alpha',
    lastName: 'Nobody',
    profiles: ['CLIENT'],
  });
  const res = await t.call('POST', '/api/support/projects', t.alpha.headers, { name: 'Fleet renewal' });
  expect(res.statusCode, res.body).toBe(201);
  project = res.json().registration;
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('tasks on a record', () => {
  let task = '';

  it('links a task to a record of any kind, notifies its assignee and lists it on the record', async () => {
    const res = await createTask({
      subject: 'Call the fleet manager',
      entityName: 'Project',
      entityRegistration: project,
      ownerUsername: 'collector@alpha',
      priority: 'HIGH',
      dueDate: '2030-03-10',
      checklist: [{ label: 'Find the number', done: true }, { label: 'Call' }],
      description: '**Ask** about the *renewal*',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    task = created.registration;
    expect(task).toMatch(/^TSK\d{6}$/);
    expect(created).toMatchObject({ status: 'OPEN', done: false, name: 'Call the fleet manager' });
    expect(created.checklist).toHaveLength(2);
    const notes = await notificationsOf('alpha', 'collector@alpha', 'TASK_ASSIGNED');
    expect(notes).toHaveLength(1);
    expect(notes[0].link).toBe(`/task/${task}`);

    const listed = await t.call(
      'GET',
      `/api/core/tasks?entityName=Project&entityRegistration=${project}`,
      t.alpha.headers,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((x: { registration: string }) => x.registration)).toEqual([task]);
  });

  it('refuses a link to an unknown record or kind, and an unknown assignee', async () => {
    const missing = await createTask({ subject: 'x', entityName: 'Project', entityRegistration: 'PRJ999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ENTITY_REGISTRATION_NOT_FOUND');
    const kind = await createTask({ subject: 'x', entityName: 'Nothing', entityRegistration: 'X1' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().code).toBe('UNSUPPORTED_ENTITY');
    const half = await createTask({ subject: 'x', entityRegistration: project });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toContain('entityName');
    const who = await createTask({ subject: 'x', ownerUsername: 'ghost@alpha' });
    expect(who.statusCode).toBe(400);
    expect(who.json().message).toContain('ownerUsername');
  });

  it('assigns to a profile and notifies its users; a change of assignee notifies the new one only', async () => {
    const res = await createTask({ subject: 'Prepare the offer', profiles: ['SALES'], dueDate: '2030-03-12' });
    expect(res.statusCode, res.body).toBe(201);
    const registration = res.json().registration;
    expect(await notificationsOf('alpha', 'sales@alpha', 'TASK_ASSIGNED')).toHaveLength(1);
    const patched = await t.call('PATCH', `/api/core/tasks/${registration}`, t.alpha.headers, {
      ownerUsername: 'collector@alpha',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await notificationsOf('alpha', 'sales@alpha', 'TASK_ASSIGNED')).toHaveLength(1);
    const toCollector = await notificationsOf('alpha', 'collector@alpha', 'TASK_ASSIGNED');
    expect(toCollector.map((n) => n.link)).toContain(`/task/${registration}`);
  });

  it('answers the assignee picker: users and profiles, as {value, label} in list mode', async () => {
    const list = await t.call('GET', '/api/core/tasks/userNames?listMode=true', sales.headers);
    expect(list.statusCode).toBe(200);
    const values = list.json() as { value: string; label: string; kind: string }[];
    expect(values).toContainEqual({ value: 'collector@alpha', label: 'Collector (collector@alpha)', kind: 'USER' });
    expect(values).toContainEqual({ value: 'profile:COLLECTOR', label: 'Collector', kind: 'PROFILE' });
    const full = await t.call('GET', '/api/core/tasks/userNames', sales.headers);
    const collectors = full.json().profiles.find((p: { code: string }) => p.code === 'COLLECTOR');
    expect(collectors).toEqual({ code: 'COLLECTOR', label: 'Collector', users: 1 });
    expect(full.json().users.map((u: { username: string }) => u.username)).toContain('admin@alpha');
  });

  it('keeps done coherent with the status through the workflow, whatever a client writes', async () => {
    const ignored = await t.call('PATCH', `/api/core/tasks/${task}`, t.alpha.headers, { done: true });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json().done).toBe(false);
    const done = await t.call('GET', `/api/core/tasks/${task}/transitions/COMPLETE`, t.alpha.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'DONE', done: true });
    expect(done.json().completionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const filtered = await t.call('GET', '/api/core/tasks?done=true', t.alpha.headers);
    expect(filtered.json().map((x: { registration: string }) => x.registration)).toEqual([task]);
    const reopened = await t.call('GET', `/api/core/tasks/${task}/transitions/REOPEN`, t.alpha.headers);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'OPEN', done: false, reopenCount: 1 });
    expect(reopened.json().completionDate).toBeUndefined();
  });

  it('sends a reminder once when it is due, even when the run is repeated', async () => {
    const res = await createTask({
      subject: 'Remind me',
      ownerUsername: 'collector@alpha',
      reminderDate: '2030-01-01T08:00:00Z',
    });
    const registration = res.json().registration;
    const run = (at: string) =>
      inTenant(t.db.database.db, { tenant: 'alpha', user: 'system' }, (tx) =>
        sendDueReminders(tx, { tenant: 'alpha', username: 'admin@alpha' }, new Date(at)),
      );
    expect(await run('2030-01-01T07:59:00Z')).toBe(0);
    expect(await run('2030-01-01T08:00:00Z')).toBe(1);
    expect(await run('2030-01-01T09:00:00Z')).toBe(0);
    const reminders = (await notificationsOf('alpha', 'collector@alpha', 'TASK_REMINDER')).filter(
      (n) => n.link === `/task/${registration}`,
    );
    expect(reminders).toHaveLength(1);
    // A reminder moved later is sent again, once, at its new instant.
    await t.call('PATCH', `/api/core/tasks/${registration}`, t.alpha.headers, { reminderDate: '2030-01-02T08:00:00Z' });
    expect(await run('2030-01-02T09:00:00Z')).toBe(1);
    expect(await run('2030-01-02T10:00:00Z')).toBe(0);
    expect(
      (await notificationsOf('alpha', 'collector@alpha', 'TASK_REMINDER')).filter(
        (n) => n.link === `/task/${registration}`,
      ),
    ).toHaveLength(2);
    // Two runs at once (two workers) send it once.
    await t.call('PATCH', `/api/core/tasks/${registration}`, t.alpha.headers, { reminderDate: '2030-01-03T08:00:00Z' });
    const both = await Promise.all([run('2030-01-03T09:00:00Z'), run('2030-01-03T09:00:00Z')]);
    expect(both.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(
      (await notificationsOf('alpha', 'collector@alpha', 'TASK_REMINDER')).filter(
        (n) => n.link === `/task/${registration}`,
      ),
    ).toHaveLength(3);
  });

  it("lists the caller's open tasks, theirs and their profiles', overdue ones marked", async () => {
    await createTask({ subject: 'Late one', profiles: ['COLLECTOR'], dueDate: '2020-01-01' });
    const mine = await t.call('GET', '/api/core/tasks/mine', {
      ...collector.headers,
      'client-timezone': 'Europe/Paris',
    });
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    const subjects = body.tasks.map((x: { subject: string }) => x.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Late one', 'Call the fleet manager', 'Prepare the offer']));
    expect(subjects).not.toContain('Remind me'.replace('Remind me', 'nothing else'));
    expect(body.tasks[0]).toMatchObject({ subject: 'Late one', overdue: true });
    expect(body.overdue).toBe(1);
    const salesMine = await t.call('GET', '/api/core/tasks/mine', sales.headers);
    expect(salesMine.json().tasks.map((x: { subject: string }) => x.subject)).not.toContain('Late one');
  });

  it('lets a user choose My tasks as their landing page', async () => {
    const before = await t.call('GET', '/api/script/runs/user-configuration', collector.headers);
    expect(before.json().landingPage).not.toBe('/my-tasks');
    const path = '/api/core/users/collector@alpha/preferences';
    const bad = await t.call('POST', path, collector.headers, {
      groupId: 'LANDING_PAGE',
      type: 'UI',
      value: { path: 'https://elsewhere' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('value.path');
    const saved = await t.call('POST', path, collector.headers, {
      groupId: 'LANDING_PAGE',
      type: 'UI',
      value: { path: '/my-tasks' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.call('GET', '/api/script/runs/user-configuration', collector.headers);
    expect(after.json().landingPage).toBe('/my-tasks');
    const others = await t.call('GET', '/api/script/runs/user-configuration', sales.headers);
    expect(others.json().landingPage).not.toBe('/my-tasks');
  });

  it('keeps tenants apart and a user without read /api/core/tasks out', async () => {
    const other = await t.call('GET', `/api/core/tasks/${task}`, t.beta.headers);
    expect(other.statusCode).toBe(404);
    const link = await createTask({ subject: 'x', entityName: 'Project', entityRegistration: project }, t.beta.headers);
    expect(link.statusCode).toBe(404);
    const betaList = await t.call('GET', '/api/core/tasks/userNames?listMode=true', t.beta.headers);
    expect(betaList.json().map((x: { value: string }) => x.value)).not.toContain('collector@alpha');
    for (const url of ['/api/core/tasks', '/api/core/tasks/userNames?listMode=true', '/api/core/tasks/mine']) {
      const refused = await t.call('GET', url, nobody.headers);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toContain('read /api/core/tasks');
    }
  });
});
