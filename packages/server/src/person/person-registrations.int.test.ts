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
const company = (over: Record<string, unknown> = {}) => ({
  type: 'C',
  name: 'Lacoste Industries',
  roles: [{ role: 'CLIENT' }],
  ...over,
});

describe('person registrations (spec 002 §4)', () => {
  it('takes the registration from the first identifier and answers the existing holder instead of a duplicate', async () => {
    const h = t.alpha.headers;
    const first = await t.call(
      'POST',
      persons,
      h,
      company({ registrations: [{ type: 'sir', number: '732 829 320' }] }),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      registration: 'SIR732829320',
      registrations: [{ type: 'SIR', number: '732829320' }],
    });
    const again = await t.call(
      'POST',
      persons,
      h,
      company({ name: 'Other name', registrations: [{ type: 'SIR', number: '732829320' }] }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: first.json()._id, name: 'Lacoste Industries' });
    const byRegistration = await t.call('POST', persons, h, company({ registration: 'SIR732829320' }));
    expect(byRegistration.statusCode).toBe(200);
    expect(byRegistration.json()._id).toBe(first.json()._id);
    const count = await t.call('GET', `${persons}?registrationNumber=732829320`, h);
    expect(count.json()).toHaveLength(1);
  });

  it('finds the holder among the identifiers of another person too', async () => {
    const h = t.alpha.headers;
    const holder = (
      await t.call(
        'POST',
        persons,
        h,
        company({
          name: 'Held by SIREN 552100554',
          registrations: [{ type: 'AUT' }, { type: 'SIR', number: '552100554' }],
        }),
      )
    ).json();
    expect(holder.registration).toMatch(/^AUT\d{6}$/);
    const again = await t.call('POST', persons, h, company({ registrations: [{ type: 'SIR', number: '552100554' }] }));
    expect(again.statusCode).toBe(200);
    expect(again.json().registration).toBe(holder.registration);
  });

  it('numbers automatic types from a per-tenant counter per type', async () => {
    const a = (
      await t.call('POST', persons, t.alpha.headers, company({ name: 'A', registrations: [{ type: 'COM' }] }))
    ).json();
    const b = (
      await t.call(
        'POST',
        persons,
        t.alpha.headers,
        company({ name: 'B', registrations: [{ type: 'COM', number: '' }] }),
      )
    ).json();
    const c = (
      await t.call('POST', persons, t.beta.headers, company({ name: 'C', registrations: [{ type: 'COM' }] }))
    ).json();
    expect(a.registration).toMatch(/^COM\d{6}$/);
    expect(Number(b.registration.slice(3))).toBe(Number(a.registration.slice(3)) + 1);
    expect(c.registration).toBe('COM000001');
    expect(b.registrations).toEqual([{ type: 'COM', number: b.registration.slice(3) }]);
    const prospect = (
      await t.call('POST', '/api/person/prospects', t.alpha.headers, company({ registrations: [{ type: 'PRO' }] }))
    ).json();
    expect(prospect.registration).toMatch(/^PRO\d{6}$/);
  });

  it('aligns the first identifier type with the registration and drops empty rows', async () => {
    const res = await t.call(
      'POST',
      persons,
      t.alpha.headers,
      company({
        registration: 'EVAFR40303265045',
        registrations: [
          { type: 'GBR', number: 'FR40303265045' },
          { type: 'SIR', number: '' },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      registration: 'EVAFR40303265045',
      registrations: [{ type: 'EVA', number: 'FR40303265045' }],
    });
  });

  it('keeps the numbering of the kind when no identifier is given', async () => {
    const res = await t.call('POST', persons, t.alpha.headers, company({ name: 'No identifier' }));
    expect(res.json().registration).toMatch(/^PER\d{6}$/);
  });

  it('numbers an automatic row added by an update', async () => {
    const doc = (
      await t.call(
        'POST',
        persons,
        t.alpha.headers,
        company({ name: 'Updated later', registrations: [{ type: 'SIR', number: '303265045' }] }),
      )
    ).json();
    const res = await t.call('PATCH', `${persons}/${doc.registration}`, t.alpha.headers, {
      registrations: [...doc.registrations, { type: 'PTN' }, { type: 'DNI' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().registrations).toEqual([
      { type: 'SIR', number: '303265045' },
      { type: 'PTN', number: '000001' },
    ]);
    expect(res.json().registration).toBe('SIR303265045');
  });
});

describe('persons list (spec 001 §3)', () => {
  it('searches by role and by any identifier', async () => {
    const h = t.alpha.headers;
    await t.call(
      'POST',
      persons,
      h,
      company({
        name: 'Supplier by SIRET',
        roles: [{ role: 'SUPPLIER' }],
        registrations: [{ type: 'SRT', number: '73282932000074' }],
      }),
    );
    const bySiret = (await t.call('GET', `${persons}?registrationNumber=73282932000074&projection=name`, h)).json();
    expect(bySiret.map((p: { name: string }) => p.name)).toEqual(['Supplier by SIRET']);
    expect((await t.call('GET', `${persons}?registrationNumber=73282932000074&role=CLIENT`, h)).json()).toEqual([]);
    expect(
      (await t.call('GET', `${persons}?registrationNumber=73282932000074&role=SUPPLIER,PARTNER`, h)).json(),
    ).toHaveLength(1);
    const sirens = (
      await t.call('GET', `${persons}?registrationType=SIR&role=CLIENT&projection=registrations`, h)
    ).json();
    expect(sirens.length).toBeGreaterThan(0);
    for (const p of sirens) expect(p.registrations.some((r: { type: string }) => r.type === 'SIR')).toBe(true);
    expect((await t.call('GET', `${persons}?registrationNumber=73282932000074`, t.beta.headers)).json()).toEqual([]);
  });
});

describe('person checks on the server', () => {
  const refused = async (body: Record<string, unknown>, error: string, reason?: string) => {
    const res = await t.call('POST', persons, t.alpha.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
    if (reason) expect(res.json().reason).toBe(reason);
  };

  it('refuses an invalid identifier, naming it', async () => {
    await refused(
      company({ registrations: [{ type: 'SIR', number: '732829321' }] }),
      '400|INVALID_FIELD_VALUE|Invalid value "732829321" for field registrations[0].number',
      'SIREN is invalid',
    );
    await refused(
      company({ registrations: [{ type: 'CIF', number: 'B12345675' }] }),
      '400|INVALID_FIELD_VALUE|Invalid value "B12345675" for field registrations[0].number',
      'Spanish ID is invalid',
    );
    await refused(
      company({ registrations: [{ type: 'EVA', number: '12345' }] }),
      '400|INVALID_FIELD_VALUE|Invalid value "12345" for field registrations[0].number',
      'Must start with two letters',
    );
  });

  it('refuses an invalid IBAN or BIC in a bank account', async () => {
    await refused(
      company({ bankAccounts: [{ name: 'Main', bankIban: 'FR14 2004 1010 0505 0001 3M02 607' }] }),
      '400|INVALID_IBAN|Invalid IBAN "FR14 2004 1010 0505 0001 3M02 607" for field bankAccounts[0].bankIban',
    );
    await refused(
      company({ bankAccounts: [{ name: 'Main', bankIban: 'FR1420041010050500013M02606', bankBic: 'XX' }] }),
      '400|INVALID_FIELD_VALUE|Invalid value "XX" for field bankAccounts[0].bankBic',
    );
    await refused(
      company({ bankAccounts: [{ bankIban: 'FR1420041010050500013M02606' }] }),
      '400|MISSING_FIELD_IN_BODY|Missing field bankAccounts[0].name in body',
    );
    const ok = await t.call(
      'POST',
      persons,
      t.alpha.headers,
      company({
        name: 'Banked',
        bankAccounts: [
          {
            name: 'Main',
            bankIban: 'FR14 2004 1010 0505 0001 3M02 606',
            bankBic: 'BNPAFRPP',
            sepaMandates: [{ rumReference: 'RUM-1', rumStatus: 'SIGNED', rumDateOfSignature: '2024-05-02' }],
          },
        ],
      }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().bankAccounts[0]).toMatchObject({
      bankIban: 'FR1420041010050500013M02606',
      sepaMandates: [{ rumStatus: 'SIGNED' }],
    });
  });

  it('wants the mandatory fields of each person type', async () => {
    await refused({ type: 'C' }, '400|MISSING_FIELD_IN_BODY|Missing field name in body', 'Name is mandatory');
    await refused(
      { type: 'I', firstName: 'Ana' },
      '400|MISSING_FIELD_IN_BODY|Missing field lastName in body',
      'Last name is mandatory',
    );
    await refused(
      { type: 'P', name: 'Dr Ruiz', contacts: [{ position: 'Owner' }] },
      '400|MISSING_FIELD_IN_BODY|Missing field registrations in body',
    );
    await refused(
      { type: 'P', name: 'Dr Ruiz', registrations: [{ type: 'AUT' }] },
      '400|MISSING_FIELD_IN_BODY|Missing field contacts in body',
    );
    await refused(
      { type: 'P', name: 'Dr Ruiz', registrations: [{ type: 'AUT' }], contacts: [{ firstName: 'Ana' }] },
      '400|MISSING_FIELD_IN_BODY|Missing field contacts[0].position in body',
    );
    const ok = await t.call('POST', persons, t.alpha.headers, {
      type: 'P',
      name: 'Dr Ruiz',
      registrations: [{ type: 'AUT' }],
      contacts: [{ position: 'Owner', email: 'ruiz@example.com' }],
    });
    expect(ok.statusCode).toBe(201);
    // A merge keeps the rules: removing the contact of a professional is refused.
    const patch = await t.call('PATCH', `${persons}/${ok.json().registration}`, t.alpha.headers, { contacts: [] });
    expect(patch.json().error).toBe('400|MISSING_FIELD_IN_BODY|Missing field contacts in body');
  });

  it('applies the tenant settings: patterns per type and allowed duplicates', async () => {
    const config = await t.call('PUT', '/api/core/tenant-configuration/tenant-config', t.beta.headers, {
      options: { person: { allowDuplicateRegistrations: true, registrationPatterns: { GBR: '\\d{8}' } } },
    });
    expect(config.statusCode).toBe(200);
    const bad = await t.call(
      'POST',
      persons,
      t.beta.headers,
      company({ registrations: [{ type: 'GBR', number: '123' }] }),
    );
    expect(bad.json()).toMatchObject({
      error: '400|INVALID_FIELD_VALUE|Invalid value "123" for field registrations[0].number',
      reason: 'Invalid format',
    });
    const first = await t.call(
      'POST',
      persons,
      t.beta.headers,
      company({ registrations: [{ type: 'GBR', number: '01234567' }] }),
    );
    expect(first.statusCode).toBe(201);
    const second = await t.call(
      'POST',
      persons,
      t.beta.headers,
      company({ registrations: [{ type: 'GBR', number: '01234567' }] }),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().registration).toMatch(/^AUT\d{6}$/);
    expect(second.json().registrations[1]).toEqual({ type: 'GBR', number: '01234567' });
  });

  it('keeps tenants apart: the same identifier in another tenant is another person', async () => {
    const res = await t.call(
      'POST',
      persons,
      t.beta.headers,
      company({ registrations: [{ type: 'SIR', number: '732829320' }] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().registration).toBe('SIR732829320');
    const alphas = (await t.call('GET', `${persons}/SIR732829320`, t.alpha.headers)).json();
    expect(alphas._id).not.toBe(res.json()._id);
  });
});
