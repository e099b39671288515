import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { createOperations } from '../entities/crud.operation.ts';
import { playDemoSupport } from './demo-support.ts';
import { ticketWriteHooks } from './ticket-hooks.ts';
import { flagLateTickets } from './ticket-messages.operation.ts';

/**
 * The support desk through the API: a ticket's service levels from the tenant's targets, its thread
 * (a reply stamps the first answer, an internal note does not), the requester's answer reopening a
 * resolved ticket, breaches found by the list and the queue, bad input named, another tenant kept out.
 */
let t: TestApp;
let agent: SignedInUser;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const create = (body: Record<string, unknown>, headers = t.alpha.headers) =>
  t.call('POST', '/api/support/tickets', headers, body);
const post = (registration: string, body: unknown, headers = t.alpha.headers) =>
  t.call('POST', `/api/support/tickets/${registration}/messages`, headers, body);
const move = (registration: string, code: string) =>
  t.call('GET', `/api/support/tickets/${registration}/transitions/${code}`, t.alpha.headers);

beforeAll(async () => {
  t = await createTestApp();
  agent = await createUser(t.app, t.alpha.headers, {
    username: 'agent@alpha',
    lastName: 'Agent',
    profiles: ['SUPPORT'],
  });
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('support tickets', () => {
  let ticket = '';
  let ticketId = '';

  it('computes the due instants from the tenant targets and the priority', async () => {
    const res = await create({
      subject: 'Invoice copy',
      priority: 'URGENT',
      team: 'SUPPORT',
      category: 'BILLING',
      requesterEmail: 'client@example.com',
      openedDate: '2030-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('openedDate');

    const opened = hoursAgo(0.5);
    const ok = await create({
      subject: 'Invoice copy',
      priority: 'URGENT',
      team: 'SUPPORT',
      category: 'BILLING',
      requesterEmail: 'client@example.com',
      assigneeUsername: 'agent@alpha',
      openedDate: opened,
      messages: [{ body: 'forged' }],
      breached: true,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const doc = ok.json();
    ticket = doc.registration;
    ticketId = doc._id;
    expect(ticket).toMatch(/^TKT/);
    expect(doc).toMatchObject({ status: 'NEW', breached: false, firstResponseBreached: false, messages: [] });
    expect(Date.parse(doc.firstResponseDue) - Date.parse(opened)).toBe(3600_000);
    expect(Date.parse(doc.resolutionDue) - Date.parse(opened)).toBe(8 * 3600_000);
  });

  it('follows the targets the tenant configures, and refuses bad ones naming the field', async () => {
    const path = '/api/core/tenant-configuration/supportSla';
    const bad = await t.call('PUT', path, t.alpha.headers, {
      targets: { URGENT: { firstResponseHours: -1, resolutionHours: 2 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('targets.URGENT.firstResponseHours');
    const targets = {
      URGENT: { firstResponseHours: 2, resolutionHours: 6 },
      HIGH: { firstResponseHours: 4, resolutionHours: 24 },
      NORMAL: { firstResponseHours: 8, resolutionHours: 72 },
      LOW: { firstResponseHours: 24, resolutionHours: 120 },
    };
    const saved = await t.call('PUT', path, t.beta.headers, { targets });
    expect(saved.statusCode, saved.body).toBe(200);
    const opened = hoursAgo(1);
    const res = await create({ subject: 'Beta urgent', priority: 'URGENT', openedDate: opened }, t.beta.headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.parse(res.json().firstResponseDue) - Date.parse(opened)).toBe(2 * 3600_000);
  });

  it('refuses two requesters and an unknown user, naming the field', async () => {
    const two = await create({ subject: 'x', requesterEmail: 'a@example.com', requesterUsername: 'agent@alpha' });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toContain('requester');
    const ghost = await create({ subject: 'x', assigneeUsername: 'ghost@alpha' });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().message).toContain('assigneeUsername');
  });

  it('stamps the first answer on the first public reply, not on an internal note', async () => {
    const note = await post(ticket, { body: 'Check the **billing** run first', internal: true }, agent.headers);
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().firstResponseDate).toBeUndefined();
    expect(note.json().messages).toEqual([
      expect.objectContaining({ author: 'agent@alpha', internal: true, body: 'Check the **billing** run first' }),
    ]);
    const reply = await post(ticket, { body: 'Here is your copy' }, agent.headers);
    expect(reply.statusCode, reply.body).toBe(200);
    const doc = reply.json();
    expect(doc.messages).toHaveLength(2);
    expect(doc.messages[1]).toMatchObject({ author: 'agent@alpha', internal: false, fromRequester: false });
    expect(doc.firstResponseDate).toBe(doc.messages[1].date);
    expect(doc.firstResponseBreached).toBe(false);
    const again = await post(ticket, { body: 'And the next one' }, agent.headers);
    expect(again.json().firstResponseDate).toBe(doc.firstResponseDate);
  });

  it('refuses a bad message naming the field, and another tenant’s ticket', async () => {
    const empty = await post(ticket, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('body');
    const extra = await post(ticket, { body: 'x', author: 'someone' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('author');
    const kind = await post(ticket, { body: 'x', internal: 'yes' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toContain('internal');
    // Beta numbers its own tickets from 1 too: alpha's is named by its identifier.
    const other = await post(ticketId, { body: 'From beta' }, t.beta.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('ENTITY_REGISTRATION_NOT_FOUND');
    const queue = await t.call('GET', '/api/support/queue', t.beta.headers);
    expect(JSON.stringify(queue.json())).not.toContain(ticketId);
  });

  it('stamps the resolution and reopens a resolved ticket when the requester answers', async () => {
    expect((await move(ticket, 'START')).statusCode).toBe(200);
    const resolved = await move(ticket, 'RESOLVE');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'RESOLVED', resolutionBreached: false });
    expect(resolved.json().resolvedDate).toBeTruthy();
    const answer = await post(ticket, { body: 'It is still wrong', fromRequester: true });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'IN_PROGRESS', reopenCount: 1 });
    expect(answer.json().resolvedDate).toBeUndefined();
    expect(answer.json().messages.at(-1)).toMatchObject({ fromRequester: true, internal: false });
    expect((await move(ticket, 'RESOLVE')).statusCode).toBe(200);
    const closed = await move(ticket, 'CLOSE');
    expect(closed.json()).toMatchObject({ status: 'CLOSED' });
    expect(closed.json().closedDate).toBeTruthy();
  });

  it('flags a ticket past its due instant: the list filter, the queue and the sweep find it', async () => {
    const late = await create({ subject: 'Portal down', priority: 'HIGH', team: 'SUPPORT', openedDate: hoursAgo(5) });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ firstResponseBreached: true, resolutionBreached: false, breached: true });
    const onTime = await create({ subject: 'New badge', priority: 'NORMAL', team: 'SUPPORT', openedDate: hoursAgo(1) });
    const list = await t.call('GET', '/api/support/tickets?breached=true', t.alpha.headers);
    expect(list.statusCode).toBe(200);
    const found = list.json().map((d: { registration: string }) => d.registration);
    expect(found).toContain(late.json().registration);
    expect(found).not.toContain(onTime.json().registration);

    const queue = await t.call('GET', '/api/support/queue?team=SUPPORT', t.alpha.headers);
    expect(queue.statusCode, queue.body).toBe(200);
    const [support] = queue.json();
    expect(support).toMatchObject({ team: 'SUPPORT', open: 2, breached: 1 });
    // Oldest first.
    expect(support.tickets.map((d: { registration: string }) => d.registration)).toEqual([
      late.json().registration,
      onTime.json().registration,
    ]);
    const badTeam = await t.call('GET', '/api/support/queue?team=no%20team', t.alpha.headers);
    expect(badTeam.statusCode).toBe(400);
    expect(badTeam.json().message).toContain('team');

    // The sweep flags what passed its due instant since the last write.
    const caller = { tenant: 'alpha', username: 'system', isAdmin: true };
    const flagged = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'system' }, (tx) =>
      flagLateTickets(tx, caller, new Date(Date.now() + 10 * 3600_000)),
    );
    expect(flagged).toBe(1);
    const swept = await t.call('GET', `/api/support/tickets/${onTime.json().registration}`, t.alpha.headers);
    expect(swept.json()).toMatchObject({ firstResponseBreached: true, breached: true });
  });
});

describe('the demo step', () => {
  it('writes questions and open, late, waiting and resolved tickets with their threads, once', async () => {
    const db = t.db.database.db;
    const context = { db, operations: createOperations(db, ticketWriteHooks), tenant: 'beta', loadedKinds: ['Person'] };
    await playDemoSupport(context);
    await playDemoSupport(context);
    const tickets = (await t.call('GET', '/api/support/tickets?range=[0-49]', t.beta.headers)).json();
    const demo = tickets.filter((d: { subject: string }) => d.subject !== 'Beta urgent');
    expect(demo).toHaveLength(6);
    expect(demo.every((d: { messages: unknown[] }) => d.messages.length >= 1)).toBe(true);
    const statuses = demo.map((d: { status: string }) => d.status);
    expect(statuses).toEqual(expect.arrayContaining(['IN_PROGRESS', 'WAITING', 'RESOLVED']));
    expect(demo.filter((d: { breached: boolean }) => d.breached).length).toBeGreaterThan(0);
    expect(demo.filter((d: { breached: boolean }) => !d.breached).length).toBeGreaterThan(0);
    const questions = (await t.call('GET', '/api/support/questions?search=iban', t.beta.headers)).json();
    expect(questions).toHaveLength(1);
    expect(questions[0].answer).toContain('IBAN');
  });
});
