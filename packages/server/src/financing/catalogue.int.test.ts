import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Partners' agreements with their product catalogue; the products schema and pasted rows. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const call = (method: string, url: string, body?: unknown, headers = t.alpha.headers) =>
  t.call(method, url, headers, body);
const run = (route: string, registration: string, code: string) =>
  call('GET', `/api/financing/${route}/${registration}/transitions/${code}`);

describe('agreements and the product catalogue', () => {
  it("answers a partner's agreement in force and the products it may sell", async () => {
    const [lease, loan, inactive] = await Promise.all(
      ['Equipment lease', 'Vehicle loan', 'Old offer'].map(
        async (name) =>
          (await call('POST', '/api/financing/products', { name, code: 'LEASE' })).json().registration as string,
      ),
    );
    for (const product of [lease, loan]) expect((await run('products', product, 'ACTIVATE')).statusCode).toBe(200);
    const agreement = (
      await call('POST', '/api/financing/agreements', {
        name: 'Dealer programme',
        partnerRegistration: 'PTN000001',
        startDate: '2024-01-01',
        endDate: '2099-12-31',
        trigram: 'DLR',
        products: [{ productRegistration: lease }, { productRegistration: inactive }],
      })
    ).json().registration;
    expect((await call('GET', '/api/financing/agreements/current-for-person/PTN000001')).json().error).toBe(
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Agreement with identifier PTN000001 not found',
    );
    for (const code of ['SUBMIT', 'ACTIVATE']) expect((await run('agreements', agreement, code)).statusCode).toBe(200);
    const current = await call('GET', '/api/financing/agreements/current-for-person/PTN000001');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      registration: agreement,
      status: 'ACTIVE',
      partnerRegistration: 'PTN000001',
    });
    // The partner's catalogue: its agreement's active products; without a partner, every active product.
    const catalogue = (
      await call('GET', '/api/financing/agreements/products-catalog?partnerRegistration=PTN000001')
    ).json();
    expect(catalogue.map((p: { registration: string }) => p.registration)).toEqual([lease]);
    const all = (await call('GET', '/api/financing/agreements/products-catalog')).json();
    expect(all.map((p: { registration: string }) => p.registration).sort()).toEqual([lease, loan].sort());
    expect((await call('GET', '/api/financing/agreements/products-catalog?partnerRegistration=NOBODY')).json()).toEqual(
      [],
    );
    // Another tenant has no such agreement.
    expect(
      (await call('GET', '/api/financing/agreements/current-for-person/PTN000001', undefined, t.beta.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe('products schema and pasted rows', () => {
  it('answers the product schema', async () => {
    const { schema } = (await call('GET', '/api/financing/products-schema')).json();
    expect(schema).toMatchObject({
      name: expect.any(Object),
      rate: expect.any(Object),
      indexValues: [expect.objectContaining({ date: expect.any(Object) })],
    });
  });

  it('creates pasted rows all together, their copied registrations left out', async () => {
    const res = await call('POST', '/api/financing/products', [
      {
        registration: 'PRD000999',
        _id: 'x',
        _version: 3,
        name: 'Pasted lease',
        code: 'LEASE',
        rate: 0.045,
        startDate: '2025-01-01',
      },
      { name: 'Pasted loan', code: 'LOAN', rate: 0.05 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { registration: string; status: string; name: string }[];
    expect(created.map((p) => [p.name, p.status])).toEqual([
      ['Pasted lease', 'DRAFT'],
      ['Pasted loan', 'DRAFT'],
    ]);
    expect(created.every((p) => /^PRD\d{6}$/.test(p.registration) && p.registration !== 'PRD000999')).toBe(true);
    const history = (
      await call('GET', `/api/core/histories?entityRegistration=${created[0].registration}&action=CREATE`)
    ).json();
    expect(history).toHaveLength(1);
  });

  it('refuses pasted rows with invalid data, every row named, and creates none', async () => {
    const before = (await call('GET', '/api/financing/products?range=[0-249]')).json().length;
    const res = await call('POST', '/api/financing/products', [
      { name: 'Fine', code: 'LEASE' },
      { name: 'Bad rate', code: 'LEASE', rate: 'five' },
      { name: 'Both', code: 'LEASE', rate: 0.04, coefficientsTableRegistration: 'PTB000001' },
      'not a row',
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_FIELD_VALUE',
      warning: 'Invalid data',
      errors: [
        { row: 1, error: 'Field rate must be a number' },
        { row: 2, error: 'Invalid value "PTB000001" for field coefficientsTableRegistration' },
        { row: 3, error: 'Field [3] must be a non-empty object' },
      ],
    });
    expect(res.json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value Invalid data for field products[1] (Field rate must be a number)',
    );
    expect((await call('GET', '/api/financing/products?range=[0-249]')).json()).toHaveLength(before);
    expect((await call('POST', '/api/financing/products', [])).json().error).toBe(
      '400|EMPTY_BODY_ARRAY|Body array products must not be empty',
    );
    // One product as an object still goes through the generic create.
    expect((await call('POST', '/api/financing/products', { name: 'Single', code: 'LEASE' })).statusCode).toBe(201);
    expect((await call('POST', '/api/financing/products', { code: 'LEASE', rate: 'x' })).statusCode).toBe(400);
  });

  it('onboards a new partner: a prospect of role PARTNER and its self-registration email, recorded together', async () => {
    const res = await call('POST', '/api/financing/agreements/onboard-partner', {
      email: 'Contact@Garage-Martin.example',
      name: 'Garage Martin',
      language: 'fr-FR',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { prospect, communication, link } = res.json();
    expect(prospect).toMatchObject({
      status: 'NEW',
      type: 'C',
      name: 'Garage Martin',
      email: 'contact@garage-martin.example',
      preferredLanguage: 'fr-FR',
      roles: [{ role: 'PARTNER' }],
    });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:80/become-partner'.replace(':80', ''));
    expect(url.searchParams.get('prospect')).toBe(prospect.registration);
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{32}$/);
    const stored = (await call('GET', `/api/communication/communications/${communication.registration}`)).json();
    expect(stored).toMatchObject({
      type: 'EMAIL',
      status: 'SCHEDULED',
      to: 'contact@garage-martin.example',
      subject: 'Devenez notre partenaire : complétez votre inscription',
      persons: [{ role: 'PARTNER', personRegistration: prospect.registration, name: 'Garage Martin' }],
    });
    expect(stored.content).toContain(link);
    expect(
      (await call('GET', `/api/communication/communications?person=${prospect.registration}`)).json(),
    ).toHaveLength(1);
    const history = (await call('GET', `/api/core/histories?entityRegistration=${prospect.registration}`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['CREATE']);
    // English by default.
    const english = (
      await call('POST', '/api/financing/agreements/onboard-partner', {
        email: 'hello@dealer.example',
        name: 'Dealer Ltd',
      })
    ).json();
    expect(english.communication.subject).toBe('Become our partner: complete your registration');
  });

  it('refuses a bad or known email, a missing name, an unknown language, and writes nothing', async () => {
    const onboard = (body: unknown) => call('POST', '/api/financing/agreements/onboard-partner', body);
    const before = (await call('GET', '/api/communication/communications')).json().length;
    expect((await onboard({ email: 'not an email', name: 'X' })).json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "not an email" for field email',
    );
    expect((await onboard({ email: 'a@b.example' })).json().error).toBe(
      '400|MISSING_FIELD_IN_BODY|Missing field name in body',
    );
    expect((await onboard({ email: 'a@b.example' })).json().error).toMatch(/^400\|.*name/);
    expect((await onboard({ email: 'a@b.example', name: 'X', language: 'xx-YY' })).json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "xx-YY" for field language',
    );
    expect((await onboard({ email: 'twice@dealer.example', name: 'Twice' })).statusCode).toBe(201);
    const again = await onboard({ email: 'TWICE@dealer.example', name: 'Twice again' });
    expect(again.json().error).toBe(
      '400|VALUE_ALREADY_EXISTS|Value twice@dealer.example already exists for field email',
    );
    expect((await call('GET', '/api/person/prospects?name=Twice')).json()).toHaveLength(1);
    expect((await call('GET', '/api/communication/communications')).json().length).toBe(before + 1);
  });
});
