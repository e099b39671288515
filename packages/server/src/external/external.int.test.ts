import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { addressSearch, companySearch, startStub, type StubServer } from './test-support.ts';

let t: TestApp;
let registry: StubServer;
let addresses: StubServer;
let failing: StubServer;
let slow: StubServer;
let downUrl: string;

const configure = (headers: Record<string, string>, externalServices: unknown) =>
  t.call('PUT', '/api/core/tenant-configuration/tenant-config', headers, { options: { externalServices } });

beforeAll(async () => {
  t = await createTestApp();
  registry = await startStub(companySearch);
  addresses = await startStub(addressSearch);
  failing = await startStub((_url, res) => {
    res.writeHead(502);
    res.end('<html>Bad gateway</html>');
  });
  slow = await startStub((_url, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"results": []}');
    }, 1500);
  });
  // A provider that is down: a port that was just released refuses connections.
  const gone = await startStub(() => undefined);
  downUrl = gone.baseUrl;
  await gone.close();
  await configure(t.alpha.headers, {
    registry: {
      SIR: { baseUrl: registry.baseUrl },
      SRT: { provider: 'RechercheEntreprises', baseUrl: registry.baseUrl },
    },
    addresses: { provider: 'GouvFr', GouvFr: { baseUrl: addresses.baseUrl } },
  });
});
afterAll(async () => {
  await Promise.all([registry, addresses, failing, slow].map((s) => s?.close()));
  await t?.close();
});

const lookup = (type: string, body: unknown, headers = t.alpha.headers, query = '') =>
  t.call('POST', `/api/external/pivot/person-registration/${type}${query}`, headers, body);

describe('registry lookup (spec 002 §7)', () => {
  it('looks a SIREN up in the company register', async () => {
    const res = await lookup('SIR', { value: '732 829 320', personType: 'C' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: '732829320',
        type: 'SIR',
        number: '732829320',
        registration: 'SIR732829320',
        name: 'LACOSTE INDUSTRIES',
        label: '732829320 - LACOSTE INDUSTRIES - 75009 PARIS',
        administrativeStatus: 'ACTIVE',
      },
    ]);
    expect(registry.requests.at(-1)).toBe('/search?q=732829320&page=1&per_page=10');
  });

  it('searches by name, only active companies when asked, with the person details', async () => {
    const all = (await lookup('SIR', { value: 'lacoste' })).json();
    expect(all.map((c: { number: string }) => c.number)).toEqual(['732829320', '303265045']);
    const active = await lookup(
      'SIR',
      { value: 'lacoste', withDetails: true, personType: 'C' },
      t.alpha.headers,
      '?administrativeStatus=ACTIVE',
    );
    expect(registry.requests.at(-1)).toContain('etat_administratif=A');
    expect(active.json()).toHaveLength(1);
    expect(active.json()[0].person).toMatchObject({
      type: 'C',
      name: 'LACOSTE INDUSTRIES',
      commercialName: 'LI',
      registration: 'SIR732829320',
      siret: '73282932000074',
      naceCode: '46.42Z',
      creationDate: '1967-01-01',
      administrativeStatus: 'ACTIVE',
      legalRepresentative: 'Marie DUPONT',
      registrations: [
        { type: 'SIR', number: '732829320', verified: true, verificationType: 'REGISTRY' },
        { type: 'SRT', number: '73282932000074' },
      ],
      addresses: [
        {
          type: 'HEAD_OFFICE',
          zipcode: '75009',
          city: 'PARIS',
          cityCode: '75109',
          country: 'FR',
          location: { type: 'Point', coordinates: [2.3319, 48.8708] },
        },
      ],
    });
  });

  it('answers the details of a selected id, and of an establishment by SIRET', async () => {
    const details = await lookup('SIR', { selectedId: '303265045', personType: 'C', withDetails: true });
    expect(details.json()).toMatchObject({
      id: '303265045',
      administrativeStatus: 'CLOSED',
      person: { name: 'LACOSTE TRANSPORTS', addresses: [{ city: 'AMIENS' }] },
    });
    const siret = await lookup('SRT', { value: '73282932000074', withDetails: true });
    expect(siret.json()).toMatchObject([
      {
        id: '73282932000074',
        registration: 'SRT73282932000074',
        person: { registrations: [{ type: 'SRT' }, { type: 'SIR' }] },
      },
    ]);
    const unknown = await lookup('SIR', { selectedId: '552100554' });
    expect(unknown.json().error).toBe(
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity SIR with identifier 552100554 not found',
    );
  });

  it('refuses bad input with the catalogue error', async () => {
    expect((await lookup('SIR', {})).json().error).toBe('400|MISSING_BODY_PAYLOAD|Body payload is mandatory');
    expect((await lookup('SIR', { personType: 'C' })).json().error).toBe(
      '400|MISSING_FIELD_IN_BODY|Missing field value in body',
    );
    expect((await lookup('SIR', { value: 12 })).json().error).toBe(
      '400|INVALID_STRING_FIELD|Field value must be a string',
    );
    expect((await lookup('SIR', { value: 'x', withDetails: 'yes' })).json().error).toBe(
      '400|INVALID_BOOLEAN_FIELD|Field withDetails must be a boolean',
    );
    expect((await lookup('SIR', { value: 'x' }, t.alpha.headers, '?administrativeStatus=OPEN')).statusCode).toBe(400);
    expect((await lookup('TOOLONG', { value: 'x' })).json().error).toBe(
      '400|INVALID_FIELD_IN_PATH|Invalid field type in path',
    );
    expect((await lookup('GBR', { value: '01234567' })).json().error).toBe(
      '400|MISSING_CONFIG|Missing configuration options.externalServices.registry.GBR',
    );
    expect((await t.call('POST', '/api/external/pivot/person-registration/SIR', {}, { value: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('answers a clean 503 when the provider is down, failing or slow', async () => {
    await configure(t.beta.headers, {
      registry: {
        SIR: { baseUrl: downUrl },
        SRT: { baseUrl: failing.baseUrl },
        EVA: { provider: 'RechercheEntreprises', baseUrl: slow.baseUrl, timeoutMs: 200 },
      },
    });
    const down = await lookup('SIR', { value: '732829320' }, t.beta.headers);
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toBe(
      '503|EXTERNAL_SERVICE_UNAVAILABLE|External service RechercheEntreprises is unavailable: cannot be reached',
    );
    expect((await lookup('SRT', { value: '73282932000074' }, t.beta.headers)).json().error).toBe(
      '503|EXTERNAL_SERVICE_UNAVAILABLE|External service RechercheEntreprises is unavailable: answered 502',
    );
    expect((await lookup('EVA', { value: 'FR44732829320' }, t.beta.headers)).json().error).toBe(
      '503|EXTERNAL_SERVICE_UNAVAILABLE|External service RechercheEntreprises is unavailable: no answer in time',
    );
  });

  it('refuses a configuration it cannot use, naming the field', async () => {
    const bad = await configure(t.beta.headers, { registry: { SIR: { provider: 'Nowhere' } } });
    expect(bad.statusCode).toBe(200);
    expect((await lookup('SIR', { value: 'x' }, t.beta.headers)).json().error).toBe(
      '400|INVALID_FIELD_IN_CONFIG|Invalid field options.externalServices.registry.SIR.provider in configuration: unknown provider Nowhere',
    );
    await configure(t.beta.headers, { registry: { SIR: { baseUrl: 'file:///etc/passwd' } } });
    expect((await lookup('SIR', { value: 'x' }, t.beta.headers)).json().error).toBe(
      '400|INVALID_FIELD_IN_CONFIG|Invalid field options.externalServices.registry.SIR.baseUrl in configuration: must be an http(s) URL',
    );
  });
});

const pivot = (query: string, headers = t.alpha.headers, body?: unknown) =>
  t.call('POST', `/api/external/pivot/addresses?${query}`, headers, body);

describe('address pivot (spec 002 §7)', () => {
  it('suggests addresses from the national address service', async () => {
    const res = await pivot('search=8%20boulevard%20du%20port&provider=GouvFr&language=fr&country=FR&sessiontoken=abc');
    expect(res.statusCode).toBe(200);
    expect(addresses.requests.at(-1)).toBe('/search/?q=8+boulevard+du+port&limit=5&autocomplete=1');
    const [amiens, cergy] = res.json();
    expect(res.json()).toHaveLength(2);
    expect(amiens).toEqual({
      placeId: '8 Boulevard du Port 80000 Amiens',
      label: '8 Boulevard du Port 80000 Amiens',
      address: {
        type: 'MAIN',
        addressLine: '8 Boulevard du Port 80000 Amiens',
        address1: '8 Boulevard du Port',
        address2: null,
        zipcode: '80000',
        city: 'Amiens',
        cityCode: '80021',
        state: 'Hauts-de-France',
        country: 'FR',
        streetName: 'Boulevard du Port',
        streetNumber: '8',
        location: { type: 'Point', coordinates: [2.290084, 49.897443] },
      },
    });
    expect(cergy.address.zipcode).toBe('95000');
  });

  it('uses the tenant provider when the client names none, and a limit', async () => {
    const res = await pivot('search=rue%20de%20la%20paix&limit=1');
    expect(res.json().map((s: { label: string }) => s.label)).toEqual(['Rue de la Paix 75002 Paris']);
  });

  it('answers the detail of a suggestion and the address at coordinates', async () => {
    const detail = await pivot(`placeId=${encodeURIComponent('8 Boulevard du Port 95000 Cergy')}&provider=GouvFr`);
    expect(detail.json()).toMatchObject({ city: 'Cergy', zipcode: '95000' });
    const reverse = await pivot('coordinates=2.29008,49.89744&provider=GouvFr');
    expect(addresses.requests.at(-1)).toBe('/reverse/?lon=2.29008&lat=49.89744&limit=1');
    expect(reverse.json()).toMatchObject({ city: 'Amiens', address1: '8 Boulevard du Port' });
    const nowhere = await pivot('provider=GouvFr', t.alpha.headers, { coordinates: [-30, 10] });
    expect(nowhere.statusCode).toBe(200);
    expect(nowhere.body).toBe('null');
  });

  it('makes no call with the None provider, nor for short or foreign searches', async () => {
    await configure(t.beta.headers, {});
    const before = addresses.requests.length;
    expect((await pivot('search=8%20boulevard&provider=None')).json()).toEqual([]);
    expect((await pivot('search=8b&provider=GouvFr')).json()).toEqual([]);
    expect((await pivot('search=10%20Downing%20Street&provider=GouvFr&country=GB')).json()).toEqual([]);
    expect((await pivot('search=8%20boulevard', t.beta.headers)).json()).toEqual([]);
    expect(addresses.requests.length).toBe(before);
  });

  it('answers a completion failure harmlessly', async () => {
    await configure(t.beta.headers, { addresses: { provider: 'GouvFr', GouvFr: { baseUrl: downUrl } } });
    const down = await pivot('search=8%20boulevard%20du%20port', t.beta.headers);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual([]);
    expect(down.headers['x-provider-error']).toContain('cannot be reached');
    await configure(t.beta.headers, { addresses: { provider: 'GouvFr', GouvFr: { baseUrl: failing.baseUrl } } });
    const failed = await pivot('placeId=8%20Boulevard%20du%20Port', t.beta.headers);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe('null');
  });

  it('refuses bad input', async () => {
    expect((await pivot('provider=GouvFr')).json().error).toBe(
      '400|MISSING_MANDATORY_QUERY_FIELDS|Missing mandatory query fields search, placeId or coordinates',
    );
    expect((await pivot('search=x&provider=Google')).json().error).toBe(
      '400|INVALID_FIELD_IN_QUERY|Invalid field provider in query: unknown provider Google',
    );
    expect((await pivot('coordinates=abc')).json().error).toBe(
      '400|INVALID_FIELD_IN_QUERY|Invalid field coordinates in query: expected "longitude,latitude"',
    );
    expect((await pivot('search=paris&limit=500')).statusCode).toBe(400);
  });
});
