import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionaries } from '@lbo/model/i18n/dictionaries';
import { startLecturaTestServer, type LecturaTestServer } from '../testing/lectura-server.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { regressorCurves } from './external.module.ts';

let t: TestApp;
let lectura: LecturaTestServer;
let betaLectura: LecturaTestServer;
let slow: LecturaTestServer;
let downUrl: string;

const SECRET = 'alpha-secret-key-4242';
const configure = (headers: Record<string, string>, settings: unknown) =>
  t.call('PUT', '/api/core/tenant-configuration/vehicle-catalogue', headers, settings);
const get = (url: string, headers = t.alpha.headers) => t.call('GET', url, headers);
const lec = '/api/external/lectura';

beforeAll(async () => {
  // The dictionaries the app loads as it starts, loaded first: on a busy machine their import
  // alone can outlast the app's plugin start-up limit.
  await loadDictionaries();
  t = await createTestApp();
  lectura = await startLecturaTestServer({ apiKey: SECRET });
  betaLectura = await startLecturaTestServer();
  slow = await startLecturaTestServer({ delayMs: 1500 });
  const gone = await startLecturaTestServer();
  downUrl = gone.url;
  await gone.close();
  expect((await configure(t.alpha.headers, { baseUrl: lectura.url, apiKey: SECRET })).statusCode).toBe(200);
});
afterAll(async () => {
  await Promise.all([lectura, betaLectura, slow].map((s) => s?.close()));
  await t?.close();
});

describe('the vehicle catalogue configuration', () => {
  it('never answers the key, and keeps it when a write leaves it out', async () => {
    const read = await get('/api/core/tenant-configuration/vehicle-catalogue');
    expect(read.json()).toEqual({ baseUrl: lectura.url, apiKey: '********' });
    const kept = await configure(t.alpha.headers, { baseUrl: lectura.url, apiKey: '********', timeoutMs: 2000 });
    expect(kept.body).not.toContain(SECRET);
    expect((await get(`${lec}/root-categories?list=true`)).statusCode).toBe(200);
    expect((await configure(t.alpha.headers, { baseUrl: 'ftp://x', apiKey: 'k' })).json().error).toBe(
      '400|INVALID_FIELD_IN_CONFIG|Invalid field vehicle-catalogue.baseUrl in configuration: must be an http(s) URL',
    );
    expect((await configure(t.alpha.headers, { baseUrl: lectura.url, token: 'x' })).statusCode).toBe(400);
  });
});

describe('the vehicle catalogue calls (spec 002 §7)', () => {
  it('walks categories, manufacturers and models down to one model', async () => {
    const roots = (await get(`${lec}/root-categories?list=true`)).json();
    expect(roots.map((c: { name: string }) => c.name)).toEqual([
      'Passenger cars',
      'Light commercial vehicles',
      'Construction machinery',
      'Agricultural machinery',
      'Trucks',
      'Material handling',
    ]);
    const construction = roots.find((c: { name: string }) => c.name === 'Construction machinery');
    const subs = (await get(`${lec}/categories/${construction.id}/sub-categories?list=true`)).json();
    const backhoes = subs.find((c: { name: string }) => c.name === 'Backhoe loaders');
    expect(backhoes).toMatchObject({ parentId: construction.id });
    const makers = (await get(`${lec}/categories/${backhoes.id}/manufacturers?list=true`)).json();
    const jcb = makers.find((m: { name: string }) => m.name === 'JCB');
    expect(jcb).toMatchObject({ country: 'GB' });
    const models = (await get(`${lec}/categories/${backhoes.id}/manufacturers/${jcb.id}/models?list=true`)).json();
    expect(models.map((m: { name: string }) => m.name)).toContain('3CX standard');
    const cx = models.find((m: { name: string }) => m.name === '3CX standard');
    const model = (await get(`${lec}/models/${cx.id}`)).json();
    expect(model).toMatchObject({
      name: '3CX standard',
      manufacturerName: 'JCB',
      categoryName: 'Backhoe loaders',
      newPrice: '98000',
      currency: 'EUR',
      serviceCode: 'SRV-BAC',
    });
    expect((await get(`${lec}/manufacturers/${jcb.id}`)).json()).toEqual({ id: jcb.id, name: 'JCB', country: 'GB' });
    expect((await get(`${lec}/models/99999999`)).json().error).toBe(
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity VehicleModel with identifier 99999999 not found',
    );
    expect((await get(`${lec}/models/a.b`)).statusCode).toBe(400);
  });

  it('searches models by words; an empty text answers an empty list without asking the provider', async () => {
    const found = (await get(`${lec}/search/golf%20hybrid?list=true`)).json();
    expect(found.map((m: { manufacturerName: string; name: string }) => `${m.manufacturerName} ${m.name}`)).toEqual([
      'Volkswagen Golf hybrid',
    ]);
    // The provider's literal "null" texts are not passed on.
    expect(found[0].serviceCode).toBeNull();
    const before = lectura.hits.length;
    expect((await get(`${lec}/search/?list=true`)).json()).toEqual([]);
    expect((await get(`${lec}/search/%20%20`)).json()).toEqual([]);
    expect(lectura.hits.length).toBe(before);
  });

  it('answers residual-value curves, none when a name is missing', async () => {
    const res = await get(
      `${lec}/v2/regressor?modelName=Clio%201.0%20petrol&manufacturerName=Renault&year=2023&usage=high`,
    );
    const { curves } = res.json();
    expect(curves).toHaveLength(1);
    expect(curves[0]).toMatchObject({
      modelName: 'Clio 1.0 petrol',
      manufacturerName: 'Renault',
      year: 2023,
      usage: 'HIGH',
    });
    expect(curves[0].points[0]).toEqual({ months: 0, percent: '100' });
    expect(curves[0].points.map((p: { months: number }) => p.months)).toEqual([0, 12, 24, 36, 48, 60, 72, 84, 96]);
    const percents = curves[0].points.map((p: { percent: string }) => Number(p.percent));
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    const all = (
      await get(`${lec}/v2/regressor?modelName=Clio%201.0%20petrol&manufacturerName=Renault&year=2023`)
    ).json();
    expect(all.curves.map((c: { usage: string }) => c.usage)).toEqual(['LOW', 'NORMAL', 'HIGH']);
    const before = lectura.hits.length;
    expect((await get(`${lec}/v2/regressor?modelName=Clio`)).json()).toEqual({ curves: [] });
    expect(lectura.hits.length).toBe(before);
    expect((await get(`${lec}/v2/regressor?modelName=Nope&manufacturerName=Renault`)).json()).toEqual({ curves: [] });
    expect((await get(`${lec}/v2/regressor?modelName=Clio&manufacturerName=Renault&usage=extreme`)).statusCode).toBe(
      400,
    );
  });

  it('keeps answers per tenant: a repeated call does not reach the provider', async () => {
    const url = `${lec}/search/peugeot?list=true`;
    const first = (await get(url)).json();
    const hits = lectura.hits.filter((h) => h.startsWith('/search/peugeot')).length;
    expect((await get(url)).json()).toEqual(first);
    expect(lectura.hits.filter((h) => h.startsWith('/search/peugeot')).length).toBe(hits);
    expect(hits).toBe(1);
  });

  it("never uses another tenant's configuration nor its cache", async () => {
    expect((await get(`${lec}/search/peugeot?list=true`, t.beta.headers)).json().error).toBe(
      '400|MISSING_CONFIG|Missing configuration vehicle-catalogue.baseUrl',
    );
    await configure(t.beta.headers, { baseUrl: betaLectura.url, apiKey: betaLectura.apiKey });
    const answer = await get(`${lec}/search/peugeot?list=true`, t.beta.headers);
    expect(answer.statusCode).toBe(200);
    expect(betaLectura.hits).toEqual(['/search/peugeot?list=true']);
    expect(answer.body).not.toContain(SECRET);
  });

  it('answers the catalogue error, never a 500, when the provider is slow, down or refuses the key', async () => {
    await configure(t.beta.headers, { baseUrl: slow.url, apiKey: slow.apiKey, timeoutMs: 300 });
    const late = await get(`${lec}/root-categories?list=true`, t.beta.headers);
    expect(late.json().error).toBe(
      '503|EXTERNAL_SERVICE_UNAVAILABLE|External service Lectura is unavailable: no answer in time',
    );
    await configure(t.beta.headers, { baseUrl: downUrl, apiKey: 'k' });
    expect((await get(`${lec}/root-categories?list=true`, t.beta.headers)).json().error).toBe(
      '503|EXTERNAL_SERVICE_UNAVAILABLE|External service Lectura is unavailable: cannot be reached',
    );
    await configure(t.beta.headers, { baseUrl: lectura.url, apiKey: 'wrong' });
    const refused = await get(`${lec}/root-categories?list=true`, t.beta.headers);
    expect(refused.json().error).toBe(
      '503|EXTERNAL_SERVICE_UNAVAILABLE|External service Lectura is unavailable: the credentials were refused',
    );
    // A failure is not kept: once the key is right, the same call answers.
    await configure(t.beta.headers, { baseUrl: lectura.url, apiKey: SECRET });
    expect((await get(`${lec}/root-categories?list=true`, t.beta.headers)).statusCode).toBe(200);
    await configure(t.beta.headers, { baseUrl: betaLectura.url, apiKey: betaLectura.apiKey });
  });

  it('gives the curves to other modules (regressorCurves)', async () => {
    const curves = await regressorCurves({ db: t.db.database.db }, 'alpha', {
      modelName: '320 standard',
      manufacturerName: 'Caterpillar',
      year: 2022,
      usage: 'LOW',
    });
    expect(curves).toHaveLength(1);
    expect(curves[0]).toMatchObject({ usage: 'LOW', newPrice: '215000' });
    expect(await regressorCurves({ db: t.db.database.db }, 'alpha', { modelName: '', manufacturerName: 'X' })).toEqual(
      [],
    );
  });
});

describe('lectura-to-asset', () => {
  it('makes an asset of a catalogue model with its catalogue fields', async () => {
    const [golf] = (await get(`${lec}/search/golf%201.5?list=true`)).json();
    const res = await t.call('POST', '/api/script/runs/lectura-to-asset', t.alpha.headers, {
      modelId: golf.id,
      year: 2024,
      usage: 'normal',
      quantity: 2,
      type: 'VEHICLE',
    });
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset).toMatchObject({
      name: 'Volkswagen Golf 1.5 diesel',
      model: 'Golf 1.5 diesel',
      manufacturer: 'Volkswagen',
      category: 'Compact cars',
      type: 'VEHICLE',
      unitPrice: 32590,
      priceExclTax: 65180,
      quantity: 2,
      currency: 'EUR',
      rvCode: `RV-${golf.id}`,
      rvCatalog: 'LECTURA',
      sourceCatalog: 'LECTURA',
      modelYear: 2024,
      usage: 'NORMAL',
    });
    // The literal "null" service code of the catalogue is not written.
    expect(asset.serviceCode).toBeUndefined();
    expect((await get(`/api/asset/assets/${asset.registration}`)).json().name).toBe('Volkswagen Golf 1.5 diesel');
  });

  it('answers {} when the catalogue does not know the model, and refuses bad input', async () => {
    const unknown = await t.call('POST', '/api/script/runs/lectura-to-asset', t.alpha.headers, { modelId: '424242' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    const bad = await t.call('POST', '/api/script/runs/lectura-to-asset', t.alpha.headers, { modelId: 'a/b' });
    expect(bad.statusCode).toBe(400);
    const extra = await t.call('POST', '/api/script/runs/lectura-to-asset', t.alpha.headers, { modelId: '1', x: 1 });
    expect(extra.statusCode).toBe(400);
  });
});

describe('asset catalogues by name (spec 002 §9)', () => {
  const catalogues = ['EMPREKIS', 'AUTOVISTA', 'AUTOBIZ', 'CARTELL', 'ACB'];

  beforeAll(async () => {
    for (const [i, catalogName] of catalogues.entries()) {
      const res = await t.call('POST', '/api/asset/asset-catalog-items', t.alpha.headers, {
        name: `Kangoo Van ${catalogName}`,
        code: `K-${i}`,
        catalogName,
        description: `Renault Kangoo from ${catalogName}`,
        unitPrice: Number(`2${i}500`),
        taxCode: 'VAT20',
        serviceCode: i === 0 ? 'null' : `S-${i}`,
        rvCode: `R-${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    await t.call('POST', '/api/asset/asset-catalog-items', t.beta.headers, {
      name: 'Kangoo Van of beta',
      catalogName: 'EMPREKIS',
    });
  });

  it.each(catalogues)('searches %s in the tenant-maintained catalogue items', async (catalogName) => {
    const i = catalogues.indexOf(catalogName);
    const found = (await get(`/api/script/runs/${catalogName}?search=kangoo%20van`)).json();
    expect(found).toEqual([
      {
        id: expect.stringMatching(/^ACT/),
        catalog: catalogName,
        code: `K-${i}`,
        name: `Kangoo Van ${catalogName}`,
        description: `Renault Kangoo from ${catalogName}`,
        model: `Kangoo Van ${catalogName}`,
        manufacturer: null,
        unitPrice: `2${i}500`,
        sourcePrice: null,
        taxCode: 'VAT20',
        currency: null,
        serviceCode: i === 0 ? null : `S-${i}`,
        rvCode: `R-${i}`,
        paramsCatalog: null,
        image: null,
      },
    ]);
    expect((await get(`/api/script/runs/${catalogName}?search=`)).json()).toEqual([]);
    expect((await get(`/api/script/runs/${catalogName}?search=kangoo.*(`)).json()).toEqual([]);
  });

  it('searches LECTURA through the vehicle catalogue', async () => {
    const found = (await get('/api/script/runs/LECTURA?search=caterpillar%20320')).json();
    expect(found[0]).toMatchObject({
      catalog: 'LECTURA',
      name: 'Caterpillar 320 standard',
      model: '320 standard',
      unitPrice: '215000',
      serviceCode: 'SRV-CRA',
    });
  });

  it("shows no tenant another's catalogue items", async () => {
    const found = (await get('/api/script/runs/EMPREKIS?search=kangoo', t.beta.headers)).json();
    expect(found.map((f: { name: string }) => f.name)).toEqual(['Kangoo Van of beta']);
  });
});
