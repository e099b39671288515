import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const persons = '/api/person/persons';
const post = async (body: Record<string, unknown>, headers = t.alpha.headers) => {
  const res = await t.call('POST', persons, headers, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
};
const company = (name: string, siren: string, descendants: unknown[] = []) => ({
  type: 'C',
  name,
  registrations: [{ type: 'SIR', number: siren }],
  descendants,
  addresses: [{ type: 'HEAD_OFFICE', address1: '4 rue du Port', zipcode: '80000', city: 'Amiens' }],
});

describe('relation diagram of a three-level group (spec 002 §3, §7)', () => {
  let group: { holding: string; sub1: string; sub2: string; shop: string; owner: string };
  beforeAll(async () => {
    // shop ← sub1 ← holding → sub2, and an individual owner holding the holding.
    const shop = (await post(company('Shop SAS', '732829320'))).registration;
    const sub1 = (
      await post(company('Sub One SAS', '303265045', [{ personRegistration: shop, relation: 'SHAREHOLDER', stake: 1 }]))
    ).registration;
    const sub2 = (await post(company('Sub Two SAS', '552100554'))).registration;
    const holding = (
      await post(
        company('Holding SA', '356000000', [
          { personRegistration: sub1, relation: 'PARENT_COMPANY', stake: 0.6 },
          { personRegistration: sub2, relation: 'SHAREHOLDER', stake: 0.25 },
        ]),
      )
    ).registration;
    const owner = (
      await post({
        type: 'I',
        firstName: 'Marie',
        lastName: 'Dupont',
        name: 'Marie Dupont',
        riskClass: 'B',
        descendants: [{ personRegistration: holding, relation: 'SHAREHOLDER', stake: 0.51 }],
      })
    ).registration;
    // An unrelated person, not part of the group.
    await post(company('Elsewhere SARL', '443061841'));
    group = { holding, sub1, sub2, shop, owner };
  });

  it('answers the whole group from any of its persons, with links, relations and stakes', async () => {
    for (const from of [group.shop, group.holding, group.owner]) {
      const res = await t.call('GET', `${persons}/${from}/hierarchy`, t.alpha.headers);
      expect(res.statusCode).toBe(200);
      const { persons: nodes, links } = res.json();
      expect(nodes.map((p: { registration: string }) => p.registration).sort()).toEqual(Object.values(group).sort());
      expect(links).toHaveLength(4);
      expect(links).toContainEqual({
        source: group.holding,
        target: group.sub1,
        relation: 'PARENT_COMPANY',
        stake: 0.6,
      });
      expect(links).toContainEqual({ source: group.sub1, target: group.shop, relation: 'SHAREHOLDER', stake: 1 });
      expect(links).toContainEqual({
        source: group.owner,
        target: group.holding,
        relation: 'SHAREHOLDER',
        stake: 0.51,
      });
    }
    const { persons: nodes } = (await t.call('GET', `${persons}/${group.owner}/hierarchy`, t.alpha.headers)).json();
    expect(nodes.find((p: { registration: string }) => p.registration === group.owner)).toMatchObject({
      type: 'I',
      name: 'Marie Dupont',
      riskClass: 'B',
      address: '',
    });
    expect(nodes.find((p: { registration: string }) => p.registration === group.shop)).toMatchObject({
      type: 'C',
      address: '4 rue du Port, 80000 Amiens',
      descendants: [],
    });
  });

  it('answers the ascendants of a person with relation and person', async () => {
    const res = await t.call('GET', `${persons}/${group.sub1}/ascendants`, t.alpha.headers);
    expect(res.json()).toEqual([
      {
        relation: 'PARENT_COMPANY',
        stake: 0.6,
        personRegistration: group.holding,
        person: expect.objectContaining({ registration: group.holding, name: 'Holding SA' }),
      },
    ]);
    expect((await t.call('GET', `${persons}/${group.owner}/ascendants`, t.alpha.headers)).json()).toEqual([]);
  });

  it('finds holders with the descendant filter of the list', async () => {
    const res = await t.call('GET', `${persons}?descendant=${group.sub2}&projection=registration`, t.alpha.headers);
    expect(res.json().map((p: { registration: string }) => p.registration)).toEqual([group.holding]);
  });

  it('keeps tenants apart and answers unknown persons with 404', async () => {
    expect((await t.call('GET', `${persons}/${group.holding}/hierarchy`, t.beta.headers)).json().error).toBe(
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Person with identifier ${group.holding} not found`,
    );
    expect((await t.call('GET', `${persons}/NOPE/ascendants`, t.alpha.headers)).statusCode).toBe(404);
  });

  it('refuses a link without a relation or with a stake above 1', async () => {
    const bad = await t.call(
      'POST',
      persons,
      t.alpha.headers,
      company('Bad link', '', [{ personRegistration: group.shop }]),
    );
    expect(bad.json().error).toBe('400|MISSING_FIELD_IN_BODY|Missing field descendants[0].relation in body');
    const stake = await t.call('POST', persons, t.alpha.headers, {
      type: 'C',
      name: 'Big stake',
      descendants: [{ personRegistration: group.shop, relation: 'SHAREHOLDER', stake: 1.5 }],
    });
    expect(stake.json().error).toBe('400|INVALID_FIELD_VALUE|Invalid value 1.5 for field descendants[0].stake');
  });
});

describe('person routes of the quick add (spec 002 §4, §7)', () => {
  it('answers the person schema with contacts[0] and the tenant extension fields', async () => {
    const plain = (await t.call('GET', '/api/person/persons-schema', t.alpha.headers)).json();
    expect(plain.schema.contacts[0].position).toEqual({ type: 'text', mandatory: true });
    expect(plain.schema.bankAccounts[0].sepaMandates[0].rumStatus).toEqual({
      type: 'select',
      list: 'sepaMandateStatus',
      label: 'Mandate status',
    });
    expect(plain.schema.lastName).toEqual({ type: 'text' });
    await t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.beta.headers, {
      options: { person: { extensionFields: { contacts: { department: { type: 'text', label: 'Department' } } } } },
    });
    const extended = (await t.call('GET', '/api/person/prospects-schema', t.beta.headers)).json();
    expect(extended.schema.contacts[0]).toMatchObject({
      department: { type: 'text', label: 'Department' },
      email: { type: 'email' },
    });
  });

  it('offers relations with the roles and the link the new person is posted with', async () => {
    const source = await post({ type: 'C', name: 'Source SAS' });
    const res = await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, {
      sourcePerson: { registration: source.registration, type: 'C' },
    });
    expect(res.statusCode).toBe(200);
    const signer = res.json().find((r: { relation: string }) => r.relation === 'SIGNEROF');
    expect(signer).toEqual({
      relation: 'SIGNEROF',
      label: 'Signatory',
      personTypes: ['I'],
      quickAddRoles: ['SIGNEROF'],
      descendants: [{ personRegistration: source.registration, relation: 'SIGNEROF' }],
    });
    const byRegistration = (
      await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, {
        sourcePerson: source.registration,
      })
    ).json();
    expect(byRegistration).toEqual(res.json());
    const individual = (
      await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, { sourcePerson: { type: 'I' } })
    ).json();
    expect(individual.map((r: { relation: string }) => r.relation)).toEqual(['SPOUSE', 'EMPLOYER', 'GUARANTOR']);
    // An empty body, a missing source and an unknown name are each refused by the route's body schema.
    expect((await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, {})).json().error).toBe(
      '400|MISSING_BODY_PAYLOAD|Body payload is mandatory',
    );
    expect(
      (await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, { sourcePerson: null })).json()
        .error,
    ).toBe('400|MISSING_FIELD_IN_BODY|Missing field sourcePerson in body');
    expect(
      (await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, { other: 1 })).json().error,
    ).toBe('400|MISSING_FIELD_IN_BODY|Missing field sourcePerson in body');
    expect(
      (
        await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, { sourcePerson: 'P1', other: 1 })
      ).json().error,
    ).toBe('400|INVALID_FIELD_IN_BODY|Invalid field other in body');
    expect(
      (await t.call('POST', '/api/script/runs/quick-add-relations', t.alpha.headers, { sourcePerson: 'PER999999' }))
        .statusCode,
    ).toBe(404);

    // The quick add posts the new person with the offered link: the source then has it as ascendant.
    const signatory = await post({
      type: 'I',
      lastName: 'Martin',
      firstName: 'Paul',
      name: 'Paul Martin',
      roles: signer.quickAddRoles.map((role: string) => ({ role })),
      descendants: signer.descendants,
    });
    const ascendants = (await t.call('GET', `${persons}/${source.registration}/ascendants`, t.alpha.headers)).json();
    expect(ascendants).toMatchObject([{ relation: 'SIGNEROF', personRegistration: signatory.registration }]);
  });

  it('creates the user of a quick-added individual and syncs the person', async () => {
    const person = await post({
      type: 'I',
      firstName: 'Lina',
      lastName: 'Costa',
      name: 'Lina Costa',
      roles: [{ role: 'CLIENT' }],
    });
    const user = await t.call('POST', '/api/core/users?syncPerson=1', t.alpha.headers, {
      username: 'lina.costa@example.com',
      firstName: 'Lina',
      lastName: 'Costa',
      email: 'lina.costa@example.com',
      profiles: ['CLIENT'],
      personRegistration: person.registration,
    });
    expect(user.statusCode).toBe(201);
    const reread = await t.call('POST', `${persons}/${person.registration}`, t.alpha.headers);
    expect(reread.statusCode).toBe(200);
    expect(reread.json()).toMatchObject({
      registration: person.registration,
      username: 'lina.costa@example.com',
      email: 'lina.costa@example.com',
      _version: 2,
    });
    // "Username already exists": the client's query finds it, and a second creation is refused.
    expect(
      (await t.call('GET', '/api/core/users?username=lina.costa@example.com', t.alpha.headers)).json(),
    ).toHaveLength(1);
    const again = await t.call('POST', '/api/core/users?syncPerson=1', t.alpha.headers, {
      username: 'lina.costa@example.com',
      lastName: 'Costa',
      personRegistration: person.registration,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('VALUE_ALREADY_EXISTS');
    const timeZone = await t.call('GET', `${persons}/${person.registration}?projection=timeZone`, t.alpha.headers);
    expect(Object.keys(timeZone.json()).sort()).toEqual(['_id', 'registration']);
  });

  it('lists the transitions of a person of a type', async () => {
    const person = await post({ type: 'I', lastName: 'Moreau' });
    const res = await t.call('GET', `${persons}/${person.registration}/transitions?type=I`, t.alpha.headers);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('answers the tenant person and the organizations with their ascendants', async () => {
    const tenantPerson = await post({ type: 'C', name: 'Alpha Leasing', roles: [{ role: 'TENANT' }] }, t.beta.headers);
    const north = await post({ type: 'O', name: 'North agency' }, t.beta.headers);
    await t.call('PATCH', `${persons}/${tenantPerson.registration}`, t.beta.headers, {
      descendants: [{ personRegistration: north.registration, relation: 'PARENT_COMPANY' }],
    });
    const res = await t.call('GET', '/api/person/organizations-with-ascendants', t.beta.headers);
    expect(res.json()).toMatchObject([
      { registration: tenantPerson.registration, isTenant: true, ascendants: [] },
      {
        registration: north.registration,
        type: 'O',
        ascendants: [
          {
            relation: 'PARENT_COMPANY',
            personRegistration: tenantPerson.registration,
            person: { name: 'Alpha Leasing' },
          },
        ],
      },
    ]);
    expect((await t.call('GET', '/api/person/organizations-with-ascendants', t.alpha.headers)).json()).toEqual([]);
  });
});
