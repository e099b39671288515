import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { DEMO_COMMITTEE_NAME, playDemoCommittee } from './demo-committee.ts';

/**
 * Committees and votes (docs/committees.md): a committee's list counts kept from its persons; its
 * invitations and answers; votings with their eligible voters, one vote each held by the
 * database, quorum and majority outcomes; a close that moves the deal voted on; a secret ballot
 * that names no voter; another tenant's records out of reach.
 */
let t: TestApp;
let anna: SignedInUser;
let bob: SignedInUser;
/** May read everything; votes in no voting. */
let carl: SignedInUser;
const persons: string[] = [];

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);
const errorOf = (res: LightMyRequestResponse) => String(res.json().error ?? res.json().message);

async function created(headers: Headers, route: string, body: object): Promise<Record<string, unknown>> {
  const res = await call('POST', `/api/${route}`, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const run = (headers: Headers, route: string, id: string, code: string) =>
  call('GET', `/api/${route}/${id}/transitions/${code}`, headers);
const read = async (headers: Headers, route: string, id: string) => {
  const res = await call('GET', `/api/${route}/${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};
const vote = (user: { headers: Headers }, voting: string, choice: string, comment?: string) =>
  call('POST', `/api/support/votings/${voting}/votes`, user.headers, { choice, ...(comment ? { comment } : {}) });

async function submittedDeal(name: string): Promise<string> {
  const deal = await created(t.alpha.headers, 'financing/deals', {
    name,
    financedAmountExclTax: 24000,
    persons: [{ role: 'CLIENT', personRegistration: persons[0] }],
  });
  const res = await run(t.alpha.headers, 'financing/deals', String(deal.registration), 'SUBMIT');
  expect(res.statusCode, res.body).toBe(200);
  return String(deal.registration);
}

async function openVoting(body: object): Promise<string> {
  const voting = await created(t.alpha.headers, 'support/votings', body);
  const res = await run(t.alpha.headers, 'support/votings', String(voting.registration), 'OPEN');
  expect(res.statusCode, res.body).toBe(200);
  return String(voting.registration);
}

beforeAll(async () => {
  t = await createTestApp();
  const saved = await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, {
    MEMBER: ['read all'],
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  for (const [firstName, lastName, email] of [
    ['Anna', 'Martin', 'anna.martin@example.com'],
    ['Bob', 'Durand', ''],
    ['Chloé', 'Petit', ''],
  ]) {
    const person = await created(t.alpha.headers, 'person/persons', {
      type: 'I',
      firstName,
      lastName,
      ...(email ? { email } : {}),
    });
    persons.push(String(person.registration));
  }
  anna = await createUser(t.app, t.alpha.headers, {
    username: 'anna@alpha',
    lastName: 'Martin',
    profiles: ['MEMBER'],
    personRegistration: persons[0],
  });
  bob = await createUser(t.app, t.alpha.headers, { username: 'bob@alpha', lastName: 'Durand', profiles: ['MEMBER'] });
  carl = await createUser(t.app, t.alpha.headers, { username: 'carl@alpha', lastName: 'Carl', profiles: ['MEMBER'] });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('a committee, its invitations and answers', () => {
  let committee: string;

  it('derives the list counts from its persons and projects, whatever the client sends', async () => {
    const doc = await created(t.alpha.headers, 'support/committees', {
      name: 'Credit committee of March',
      type: 'CREDIT',
      startDate: '2026-03-12T09:00:00.000Z',
      persons: persons.map((personRegistration) => ({ role: 'PARTNER', personRegistration })),
      projects: [{ projectRegistration: 'PRO000001' }, { projectRegistration: 'PRO000002' }],
      invitedCount: 99,
    });
    committee = String(doc.registration);
    expect(doc).toMatchObject({
      projectCount: 2,
      personCount: 3,
      invitedCount: 0,
      acceptedCount: 0,
      refusedCount: 0,
      presentedCount: 0,
      absentCount: 0,
    });
    expect((doc.persons as { inviteStatus: string }[]).map((p) => p.inviteStatus)).toEqual([
      'INTENDED',
      'INTENDED',
      'INTENDED',
    ]);
  });

  it('invites the intended persons, mailing those who have an address', async () => {
    const res = await call('POST', `/api/support/committees/${committee}/invite`, t.alpha.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    const { committee: doc, invited, mailed } = res.json();
    expect(invited).toEqual(persons);
    expect(mailed).toBe(1);
    expect(doc.invitedCount).toBe(3);
    expect(
      doc.persons.every(
        (p: { inviteStatus: string; invitationDate?: string }) => p.inviteStatus === 'INVITED' && p.invitationDate,
      ),
    ).toBe(true);
    const mails = await call('GET', '/api/communication/communications?category=COMMITTEE_INVITATION', t.alpha.headers);
    expect(mails.statusCode, mails.body).toBe(200);
    expect(mails.json()).toHaveLength(1);
  });

  it('takes the signed-in member’s own answer, and another’s only from who may write committees', async () => {
    const own = await call('POST', `/api/support/committees/${committee}/rsvp`, anna.headers, { rsvp: 'ACCEPTED' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ acceptedCount: 1, refusedCount: 0 });
    const forOther = await call('POST', `/api/support/committees/${committee}/rsvp`, anna.headers, {
      rsvp: 'REFUSED',
      personRegistration: persons[1],
    });
    expect(forOther.statusCode, forOther.body).toBe(403);
    const noPerson = await call('POST', `/api/support/committees/${committee}/rsvp`, bob.headers, { rsvp: 'ACCEPTED' });
    expect(noPerson.statusCode, noPerson.body).toBe(400);
    expect(errorOf(noPerson)).toContain('personRegistration');
    const byAdmin = await call('POST', `/api/support/committees/${committee}/rsvp`, t.alpha.headers, {
      rsvp: 'REFUSED',
      personRegistration: persons[1],
    });
    expect(byAdmin.json()).toMatchObject({ acceptedCount: 1, refusedCount: 1, invitedCount: 3 });
    const stranger = await call('POST', `/api/support/committees/${committee}/rsvp`, t.alpha.headers, {
      rsvp: 'ACCEPTED',
      personRegistration: 'PER999999',
    });
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toContain('personRegistration');
    const bad = await call('POST', `/api/support/committees/${committee}/rsvp`, anna.headers, { rsvp: 'MAYBE' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain('rsvp');
  });

  it('counts who came, keeping the dates the server stamped, and lists the counts', async () => {
    const before = await read(t.alpha.headers, 'support/committees', committee);
    const people = before.persons as Record<string, unknown>[];
    const res = await call('PATCH', `/api/support/committees/${committee}`, t.alpha.headers, {
      persons: people.map((p, i) => ({
        role: p.role,
        personRegistration: p.personRegistration,
        rsvp: p.rsvp,
        inviteStatus: ['PRESENTED', 'ABSENT', 'INVITED'][i],
        invitationDate: '2000-01-01T00:00:00.000Z',
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ presentedCount: 1, absentCount: 1, invitedCount: 3, acceptedCount: 1 });
    expect(res.json().persons[0].invitationDate).toBe(people[0].invitationDate);
    const list = await call('GET', `/api/support/committees?registration=${committee}`, t.alpha.headers);
    expect(list.json()[0]).toMatchObject({ personCount: 3, projectCount: 2, presentedCount: 1, absentCount: 1 });
  });

  it('is out of reach of another tenant', async () => {
    const invite = await call('POST', `/api/support/committees/${committee}/invite`, t.beta.headers, {});
    expect(invite.statusCode).toBe(404);
    const rsvp = await call('POST', `/api/support/committees/${committee}/rsvp`, t.beta.headers, {
      rsvp: 'ACCEPTED',
      personRegistration: persons[0],
    });
    expect(rsvp.statusCode).toBe(404);
  });
});

describe('a voting on a deal', () => {
  let deal: string;
  let voting: string;

  it('refuses voters who are not users of the tenant, naming the field', async () => {
    const res = await call('POST', '/api/support/votings', t.alpha.headers, {
      name: 'Unknown voter',
      voters: [{ username: 'nobody@alpha' }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('voters.username');
  });

  it('takes one vote per eligible voter while open; the database refuses a second one with 409', async () => {
    deal = await submittedDeal('Excavator for Durand');
    const draft = await created(t.alpha.headers, 'support/votings', {
      name: 'Approve the excavator deal',
      entityName: 'Deal',
      entityRegistration: deal,
      voters: [{ username: 'anna@alpha' }, { username: 'bob@alpha' }, { username: 'admin@alpha' }],
      quorum: 2,
    });
    voting = String(draft.registration);
    expect(draft).toMatchObject({ majority: 'SIMPLE', ballot: 'OPEN', quorumType: 'COUNT' });
    const early = await vote(anna, voting, 'FOR');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toContain('VOTING_NOT_OPEN');
    expect((await run(t.alpha.headers, 'support/votings', voting, 'OPEN')).statusCode).toBe(200);

    const outsider = await vote(carl, voting, 'FOR');
    expect(outsider.statusCode).toBe(403);
    expect(errorOf(outsider)).toContain('voter');
    const bad = await vote(anna, voting, 'MAYBE');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain('choice');

    const first = await vote(anna, voting, 'FOR', 'Good collateral');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().vote).toMatchObject({ voter: 'anna@alpha', choice: 'FOR', votingRegistration: voting });
    const again = await vote(anna, voting, 'AGAINST');
    expect(again.statusCode, again.body).toBe(409);
    expect(errorOf(again)).toContain('VOTE_ALREADY_CAST');
    expect(errorOf(again)).toContain('voter');
    // Two votes at once: no check in the code can let both through, the unique index refuses one.
    const both = await Promise.all([vote(bob, voting, 'AGAINST'), vote(bob, voting, 'AGAINST')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('shows an open ballot’s live count and who voted what', async () => {
    const res = await call('GET', `/api/support/votings/${voting}/tally`, anna.headers);
    expect(res.statusCode, res.body).toBe(200);
    const tally = res.json();
    expect(tally).toMatchObject({ status: 'OPEN', eligible: 3, voted: 2, canVote: false, myVote: { choice: 'FOR' } });
    expect(tally.count.voteCount).toBe(2);
    expect(tally.voters.find((v: { username: string }) => v.username === 'anna@alpha')).toMatchObject({
      voted: true,
      choice: 'FOR',
      comment: 'Good collateral',
    });
  });

  it('fixes the rules once open, and is out of reach of another tenant', async () => {
    const change = await call('PATCH', `/api/support/votings/${voting}`, t.alpha.headers, { majority: 'UNANIMOUS' });
    expect(change.statusCode).toBe(409);
    expect(errorOf(change)).toContain('majority');
    expect((await call('GET', `/api/support/votings/${voting}/tally`, t.beta.headers)).statusCode).toBe(404);
    expect((await vote(t.beta, voting, 'FOR')).statusCode).toBe(404);
    const foreign = await call('POST', '/api/support/votings', t.beta.headers, {
      name: 'Another tenant’s deal',
      entityName: 'Deal',
      entityRegistration: deal,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('closes APPROVED and approves the deal as the system, in its history', async () => {
    const last = await vote(t.alpha, voting, 'FOR');
    expect(last.statusCode, last.body).toBe(201);
    const closed = await run(t.alpha.headers, 'support/votings', voting, 'CLOSE');
    expect(closed.statusCode, closed.body).toBe(200);
    const doc = await read(t.alpha.headers, 'support/votings', voting);
    expect(doc).toMatchObject({
      status: 'CLOSED',
      forCount: 2,
      againstCount: 1,
      abstainCount: 0,
      voteCount: 3,
      quorumRequired: 2,
      quorumReached: true,
      outcome: 'APPROVED',
    });
    expect(String(doc.decision)).toContain('APPROVE');
    expect((await read(t.alpha.headers, 'financing/deals', deal)).status).toBe('APPROVED');
    const history = await call(
      'GET',
      `/api/core/histories?entityName=Deal&entityRegistration=${deal}`,
      t.alpha.headers,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain('APPROVE');
    expect(history.body).toContain('system');
    const late = await vote(carl, voting, 'FOR');
    expect(late.statusCode).toBe(409);
    const frozen = await call('PATCH', `/api/support/votings/${voting}`, t.alpha.headers, { name: 'Renamed' });
    expect(frozen.statusCode).toBe(409);
    // Votes are read through the generic API, never written through it.
    const generic = await call('POST', '/api/support/votes', t.alpha.headers, {
      votingRegistration: voting,
      voter: 'carl@alpha',
      choice: 'FOR',
    });
    expect(generic.statusCode).not.toBe(201);
  });

  it('rejects the deal when two thirds are not for it', async () => {
    const rejected = await submittedDeal('Crane for Petit');
    const id = await openVoting({
      name: 'Approve the crane deal',
      entityName: 'Deal',
      entityRegistration: rejected,
      voters: [{ username: 'anna@alpha' }, { username: 'bob@alpha' }],
      majority: 'TWO_THIRDS',
      quorum: 2,
    });
    expect((await vote(anna, id, 'FOR')).statusCode).toBe(201);
    expect((await vote(bob, id, 'AGAINST')).statusCode).toBe(201);
    expect((await run(t.alpha.headers, 'support/votings', id, 'CLOSE')).statusCode).toBe(200);
    expect((await read(t.alpha.headers, 'support/votings', id)).outcome).toBe('REJECTED');
    expect((await read(t.alpha.headers, 'financing/deals', rejected)).status).toBe('REJECTED');
  });
});

describe('a secret ballot', () => {
  it('names no voter, counts only once closed, and decides nothing without its quorum', async () => {
    const deal = await submittedDeal('Tractor for Martin');
    const id = await openVoting({
      name: 'Approve the tractor deal',
      entityName: 'Deal',
      entityRegistration: deal,
      voters: [{ username: 'anna@alpha' }, { username: 'bob@alpha' }, { username: 'admin@alpha' }],
      ballot: 'SECRET',
      majority: 'UNANIMOUS',
      quorumType: 'PERCENT',
      quorum: 100,
    });
    expect((await vote(anna, id, 'FOR')).statusCode).toBe(201);
    expect((await vote(bob, id, 'ABSTAIN')).statusCode).toBe(201);
    expect((await vote(bob, id, 'FOR')).statusCode).toBe(409);
    const open = (await call('GET', `/api/support/votings/${id}/tally`, anna.headers)).json();
    expect(open).toMatchObject({ voted: 2, count: null, myVote: { choice: 'FOR' } });
    expect(open.voters.find((v: { username: string }) => v.username === 'anna@alpha')).toEqual({
      username: 'anna@alpha',
      voted: true,
    });
    const votes = await call('GET', `/api/support/votes?votingRegistration=${id}`, t.alpha.headers);
    expect(votes.statusCode, votes.body).toBe(200);
    expect(votes.json()).toHaveLength(2);
    expect(votes.body).not.toContain('anna');
    expect(votes.body).not.toContain('bob@');
    expect((await run(t.alpha.headers, 'support/votings', id, 'CLOSE')).statusCode).toBe(200);
    const doc = await read(t.alpha.headers, 'support/votings', id);
    expect(doc).toMatchObject({ quorumRequired: 3, quorumReached: false, outcome: 'NO_QUORUM', forCount: 1 });
    expect((await read(t.alpha.headers, 'financing/deals', deal)).status).toBe('SUBMITTED');
  });
});

describe('the demo step', () => {
  it('writes a committee with its answers and a closed vote that approved a submitted deal, once', async () => {
    // A submitted deal for the demo's vote (it takes the first one the tenant holds).
    await submittedDeal('Demo deal for the committee');
    const play = () =>
      playDemoCommittee({
        db: t.db.database.db,
        operations: undefined as never,
        tenant: 'alpha',
        loadedKinds: ['Person'],
      });
    await play();
    await play();
    const found = await call(
      'GET',
      `/api/support/committees?name=${encodeURIComponent(DEMO_COMMITTEE_NAME)}`,
      t.alpha.headers,
    );
    expect(found.json()).toHaveLength(1);
    const committee = found.json()[0];
    expect(committee).toMatchObject({ type: 'CREDIT', invitedCount: 3, acceptedCount: 2, refusedCount: 1 });
    expect(committee.presentedCount + committee.absentCount).toBe(2);
    const votings = await call(
      'GET',
      `/api/support/votings?committeeRegistration=${committee.registration}&sort=registration`,
      t.alpha.headers,
    );
    const [closed, open] = votings.json();
    expect(closed).toMatchObject({ status: 'CLOSED', outcome: 'APPROVED', entityName: 'Deal' });
    expect(open).toMatchObject({ status: 'OPEN', ballot: 'SECRET' });
    expect((await read(t.alpha.headers, 'financing/deals', closed.entityRegistration)).status).toBe('APPROVED');
  });
});
