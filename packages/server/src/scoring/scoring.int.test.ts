import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { dayIn } from '@lbo/model/values/dates';
import { inTenant } from '../db/database.ts';
import { insertRow } from '../entities/storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { runTransition } from '../workflow/workflow.operation.ts';

/**
 * Credit scoring (docs/scoring.md): a known client scored exactly on the default card, a deal
 * scored when submitted, its APPROVE following the score (referred: an approver is refused, an
 * administrator or a committee approves; refused: nobody but a committee), cards refused when they
 * cannot score, and each tenant's scores and cards out of the other's reach.
 */
let t: TestApp;
let approver: SignedInUser;
const today = dayIn(new Date(), 'UTC');
const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;
const kind = (name: string) => entityByName(name)!;

const call = (method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  t.call(method, url, headers, body);

async function created(headers: Record<string, string>, route: string, body: object) {
  const res = await call('POST', `/api/${route}`, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { registration: string };
}

/** Writes records exactly as given (billing and banking rows in the states the test needs). */
const rows = (tenant: string, kindName: string, docs: Record<string, unknown>[]) =>
  inTenant(t.db.database.db, { tenant, user: `admin@${tenant}` }, async (tx) => {
    for (const doc of docs) await insertRow(tx, kind(kindName), tenant, `admin@${tenant}`, doc);
  });

const newDeal = (headers: Record<string, string>, person: string) =>
  created(headers, 'financing/deals', {
    name: 'Scored deal',
    financedAmountExclTax: 24000,
    persons: [{ role: 'CLIENT', personRegistration: person }],
  });
const transition = (headers: Record<string, string>, deal: string, code: string) =>
  call('GET', `/api/financing/deals/${deal}/transitions/${code}`, headers);

let known: string;

beforeAll(async () => {
  t = await createTestApp();
  const saved = await call('PUT', '/api/core/tenant-configuration/profilesPermissions', t.alpha.headers, {
    APPROVER: ['read all', 'write all', 'approve /api/financing/deals'],
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  approver = await createUser(t.app, t.alpha.headers, {
    username: 'paul@alpha',
    lastName: 'Paul',
    profiles: ['APPROVER'],
  });
  // The known client: registered 7 years ago, 1,500 of charges on 4,000 of income.
  known = (
    await created(t.alpha.headers, 'person/persons', {
      type: 'I',
      firstName: 'Known',
      lastName: 'Client',
      registrationDate: yearsAgo(7),
      incomeTotal: 4000,
      expenditureTotal: 1500,
    })
  ).registration;
  const payer = [{ role: 'PAYER', personRegistration: known }];
  // Two receivable invoices overdue (one dunned), one paid, one not yet due: 2 overdue, 1 dunned.
  await rows('alpha', 'Invoice', [
    { registration: 'INVK1', pr: 'R', status: 'ISSUED', dueDate: '2024-01-10', totalBalance: 120.5, persons: payer },
    {
      registration: 'INVK2',
      pr: 'R',
      status: 'PARTIALLY_PAID',
      dueDate: '2024-02-10',
      totalBalance: 79.5,
      dunningLevel: 'FIRST',
      persons: payer,
    },
    { registration: 'INVK3', pr: 'R', status: 'PAID', dueDate: '2024-03-10', totalBalance: 0, persons: payer },
    { registration: 'INVK4', pr: 'R', status: 'ISSUED', dueDate: '2999-01-01', totalBalance: 50, persons: payer },
  ]);
  // One returned debit (and one accepted line, which does not count).
  await rows('alpha', 'PaymentFileLine', [
    { registration: 'PFLK1', status: 'REJECTED', personRegistration: known },
    { registration: 'PFLK2', status: 'ACCEPTED', personRegistration: known },
  ]);
  // Exposure: 30,000 on an active contract + 25,000 on an active credit line (a draft contract does not count).
  const client = [{ role: 'CLIENT', personRegistration: known }];
  await rows('alpha', 'Contract', [
    { registration: 'CTK1', status: 'ACTIVE', outstandingPrincipal: 30000, persons: client },
    { registration: 'CTK2', status: 'DRAFT', outstandingPrincipal: 90000, persons: client },
  ]);
  await rows('alpha', 'CreditLine', [{ registration: 'CLK1', status: 'ACTIVE', outstanding: 25000, persons: client }]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('credit scoring', () => {
  it('scores a known client exactly on the default card, each criterion explained', async () => {
    const res = await call('POST', '/api/scoring/scores/compute', t.alpha.headers, { personRegistration: known });
    expect(res.statusCode, res.body).toBe(201);
    const score = res.json();
    expect(score).toMatchObject({
      status: 'COMPUTED',
      personRegistration: known,
      cardRegistration: 'SCC-DEFAULT',
      scoreDate: today,
      total: 30,
      decision: 'GUARANTOR',
    });
    expect(score.explanation).toEqual([
      expect.objectContaining({
        source: 'REGISTRATION_AGE',
        value: 7,
        band: '5 – 10',
        points: 20,
        weight: 1,
        contribution: 20,
      }),
      expect.objectContaining({
        source: 'EXPENDITURE_RATIO',
        value: 37.5,
        band: '30 – 50',
        points: 20,
        contribution: 20,
      }),
      expect.objectContaining({
        source: 'OVERDUE_INVOICES',
        value: 2,
        band: '1 – 3',
        points: 0,
        weight: 1.5,
        contribution: 0,
      }),
      expect.objectContaining({ source: 'DUNNED_INVOICES', value: 1, band: '1 – 2', points: 0, contribution: 0 }),
      expect.objectContaining({ source: 'RETURNED_DEBITS', value: 1, band: '1 – 3', points: -10, contribution: -10 }),
      expect.objectContaining({ source: 'EXPOSURE', value: 55000, band: '50000 – 250000', points: 0, contribution: 0 }),
    ]);
    // Its history: a second score of the same person is a second record.
    await call('POST', '/api/scoring/scores/compute', t.alpha.headers, { personRegistration: known });
    const history = await call('GET', `/api/scoring/scores?person=${known}`, t.alpha.headers);
    expect(history.json().map((s: { total: number }) => s.total)).toEqual([30, 30]);
  });

  it('refuses a compute request naming nothing or an unknown record, naming the field', async () => {
    const none = await call('POST', '/api/scoring/scores/compute', t.alpha.headers, {
      cardRegistration: 'SCC-DEFAULT',
    });
    expect(none.json().error).toBe('400|MISSING_FIELD_IN_BODY|Missing field personRegistration in body');
    const unknown = await call('POST', '/api/scoring/scores/compute', t.alpha.headers, {
      dealRegistration: 'DL999999',
    });
    expect(unknown.json().error).toBe(
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Deal with identifier DL999999 not found',
    );
    const extra = await call('POST', '/api/scoring/scores/compute', t.alpha.headers, {
      personRegistration: known,
      total: 99,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatch(/total/);
  });

  it('scores a deal when it is submitted and refers it: an approver is refused, an administrator approves', async () => {
    const fresh = await created(t.alpha.headers, 'person/persons', { type: 'I', firstName: 'New', lastName: 'Comer' });
    const deal = await newDeal(t.alpha.headers, fresh.registration);
    const submitted = await transition(t.alpha.headers, deal.registration, 'SUBMIT');
    expect(submitted.statusCode, submitted.body).toBe(200);
    const scored = (await call('GET', `/api/financing/deals/${deal.registration}`, t.alpha.headers)).json();
    // Nothing known of a new client: seniority and charges score nothing, a clean history 30 + 10 + 20 + 10.
    expect(scored).toMatchObject({ status: 'SUBMITTED', scoreTotal: 70, scoreDecision: 'REFER' });
    const score = (await call('GET', `/api/scoring/scores/${scored.scoreRegistration}`, t.alpha.headers)).json();
    expect(score).toMatchObject({
      dealRegistration: deal.registration,
      personRegistration: fresh.registration,
      total: 70,
    });
    const refused = await transition(approver.headers, deal.registration, 'APPROVE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `409|TRANSITION_REJECTED|Transition APPROVE refused for Deal ${deal.registration}: score ${scored.scoreRegistration} (total 70) referred it to a credit committee: only the committee or an administrator may approve it`,
    );
    expect(refused.json()).toMatchObject({ rejection: 'SCORE', scoreDecision: 'REFER' });
    const approved = await transition(t.alpha.headers, deal.registration, 'APPROVE');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
  });

  it('asks for a guarantor: an approver is refused; a score computed again on demand moves to the deal', async () => {
    const deal = await newDeal(t.alpha.headers, known);
    expect((await transition(t.alpha.headers, deal.registration, 'SUBMIT')).statusCode).toBe(200);
    const scored = (await call('GET', `/api/financing/deals/${deal.registration}`, t.alpha.headers)).json();
    expect(scored).toMatchObject({ scoreTotal: 30, scoreDecision: 'GUARANTOR' });
    const refused = await transition(approver.headers, deal.registration, 'APPROVE');
    expect(refused.json().error).toBe(
      `409|TRANSITION_REJECTED|Transition APPROVE refused for Deal ${deal.registration}: score ${scored.scoreRegistration} (total 30) asks for a guarantor: only the committee or an administrator may approve it, once the guarantee is in place`,
    );
    const again = await call('POST', '/api/scoring/scores/compute', t.alpha.headers, {
      dealRegistration: deal.registration,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ dealRegistration: deal.registration, personRegistration: known, total: 30 });
    const current = (await call('GET', `/api/financing/deals/${deal.registration}`, t.alpha.headers)).json();
    expect(current).toMatchObject({ scoreRegistration: again.json().registration, status: 'SUBMITTED' });
    const approved = await transition(t.alpha.headers, deal.registration, 'APPROVE');
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('refuses bad card data with an error naming the field', async () => {
    const card = {
      name: 'Broken',
      criteria: [
        {
          source: 'EXPOSURE',
          weight: 1,
          bands: [
            { to: 10, points: 5 },
            { from: 8, points: 0 },
          ],
        },
      ],
      decisions: [{ decision: 'APPROVE' }],
    };
    const overlapping = await call('POST', '/api/scoring/score-cards', t.alpha.headers, card);
    expect(overlapping.json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value 8 for field criteria[0].bands[1].from',
    );
    const negative = await call('POST', '/api/scoring/score-cards', t.alpha.headers, {
      ...card,
      criteria: [{ source: 'EXPOSURE', weight: -2, bands: [{ points: 5 }] }],
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toMatch(/criteria\[0\]\.weight/);
    const unknownSource = await call('POST', '/api/scoring/score-cards', t.alpha.headers, {
      ...card,
      criteria: [{ source: 'HOROSCOPE', weight: 1, bands: [{ points: 5 }] }],
    });
    expect(unknownSource.statusCode).toBe(400);
    expect(unknownSource.json().error).toMatch(/criteria\[0\]\.source/);
    const good = await call('POST', '/api/scoring/score-cards', t.alpha.headers, {
      ...card,
      criteria: [
        {
          source: 'EXPOSURE',
          weight: 1,
          bands: [
            { to: 10, points: 5 },
            { from: 10, points: 0 },
          ],
        },
      ],
    });
    expect(good.statusCode, good.body).toBe(201);
    // Scored on that card by name: exposure 55,000 → 0 points, APPROVE on every total.
    const onCard = await call('POST', '/api/scoring/scores/compute', t.alpha.headers, {
      personRegistration: known,
      cardRegistration: good.json().registration,
    });
    expect(onCard.json()).toMatchObject({ total: 0, decision: 'APPROVE', cardRegistration: good.json().registration });
  });

  it("keeps each tenant's scores and cards to itself", async () => {
    const alphaScores = (await call('GET', '/api/scoring/scores', t.alpha.headers)).json() as {
      registration: string;
    }[];
    expect(alphaScores.length).toBeGreaterThan(2);
    const last = alphaScores
      .map((s) => s.registration)
      .sort()
      .at(-1)!;
    expect((await call('GET', `/api/scoring/scores/${last}`, t.beta.headers)).statusCode).toBe(404);
    const betaCards = (await call('GET', '/api/scoring/score-cards', t.beta.headers)).json() as { name: string }[];
    expect(betaCards.map((c) => c.name)).toEqual(['Default application score card']);
    const cross = await call('POST', '/api/scoring/scores/compute', t.beta.headers, { personRegistration: known });
    expect(cross.json().error).toBe(
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Person with identifier ${known} not found`,
    );
  });

  it('blocks APPROVE of a deal the score refuses, for an administrator too; a committee (the system) approves it', async () => {
    // Beta's card refuses every total under 1,000.
    const card = (await call('GET', '/api/scoring/score-cards/SCC-DEFAULT', t.beta.headers)).json();
    const strict = await call('PATCH', '/api/scoring/score-cards/SCC-DEFAULT', t.beta.headers, {
      decisions: [
        { to: 1000, decision: 'REFUSE' },
        { from: 1000, decision: 'APPROVE' },
      ],
      _version: card._version,
    });
    expect(strict.statusCode, strict.body).toBe(200);
    const person = await created(t.beta.headers, 'person/persons', {
      type: 'I',
      firstName: 'Risky',
      lastName: 'Borrower',
    });
    const deal = await newDeal(t.beta.headers, person.registration);
    expect((await transition(t.beta.headers, deal.registration, 'SUBMIT')).statusCode).toBe(200);
    const scored = (await call('GET', `/api/financing/deals/${deal.registration}`, t.beta.headers)).json();
    expect(scored).toMatchObject({ scoreDecision: 'REFUSE', scoreTotal: 70 });
    const refused = await transition(t.beta.headers, deal.registration, 'APPROVE');
    expect(refused.json().error).toBe(
      `409|TRANSITION_REJECTED|Transition APPROVE refused for Deal ${deal.registration}: score ${scored.scoreRegistration} (total 70) decided REFUSE: only a credit committee may approve it`,
    );
    expect((await call('GET', `/api/financing/deals/${deal.registration}`, t.beta.headers)).json().status).toBe(
      'SUBMITTED',
    );
    const byCommittee = await inTenant(t.db.database.db, { tenant: 'beta', user: 'system' }, (tx) =>
      runTransition(
        tx,
        { tenant: 'beta', username: 'system', isAdmin: true },
        kind('Deal'),
        deal.registration,
        'APPROVE',
      ),
    );
    expect(byCommittee.status).toBe('APPROVED');
  });
});
