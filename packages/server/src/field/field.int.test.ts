import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadFile } from '../testing/multipart.ts';
import { demoPhoto } from './demo-field.ts';
import { defaultInspectionTemplates } from './inspection-templates.ts';

/**
 * Field work (docs/field-work.md): an inspection's checklist filled from the tenant's template
 * for its asset's type; its answers checked; a failed one opening a maintenance linked back and
 * audited; asset expenses kept exactly as the asset's cost; a lot's totals; a settled claim's
 * balanced postings; bad input named; another tenant's records out of reach.
 */
let t: TestApp;
type Doc = Record<string, unknown>;
const call: TestApp['call'] = (...args) => t.call(...args);
const alpha = () => t.alpha.headers;

async function created(route: string, body: object, headers = alpha()): Promise<Doc> {
  const res = await call('POST', `/api/${route}`, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const read = async (route: string, id: string, headers = alpha()) => {
  const res = await call('GET', `/api/${route}/${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Doc;
};
const patch = (route: string, id: string, body: object) => call('PATCH', `/api/${route}/${id}`, alpha(), body);
const move = async (route: string, id: string, code: string) => {
  const res = await call('GET', `/api/${route}/${id}/transitions/${code}`, alpha());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Doc;
};
type Answer = { question: string; answerType: string; mandatory: boolean; answer?: string; comment?: string };

let car: Doc;
let truck: Doc;

beforeAll(async () => {
  t = await createTestApp();
  car = await created('asset/assets', { name: 'Peugeot 308', type: 'VEHICLE', priceExclTax: 21000.1, currency: 'EUR' });
  truck = await created('asset/assets', { name: 'Renault T', type: 'TRUCK', priceExclTax: 95000.2, currency: 'EUR' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('inspections', () => {
  it("fills the answers from the template of the asset's type, else the template for any type", async () => {
    const inspection = await created('asset/inspections', {
      name: 'Delivery check',
      assetRegistration: car.registration,
    });
    expect(inspection.template).toBe('Vehicle walk-around');
    expect((inspection.answers as Answer[]).map((a) => [a.question, a.answerType, a.mandatory])).toContainEqual([
      'Mileage (km)',
      'NUMBER',
      true,
    ]);
    expect(inspection.inspector).toBe(t.alpha.username);
    const other = await created('asset/inspections', { name: 'Truck check', assetRegistration: truck.registration });
    expect(other.template).toBe('General check');
    const checklist = await call('GET', `/api/asset/inspections/checklist/${car.registration}`, alpha());
    expect(checklist.statusCode, checklist.body).toBe(200);
    expect(checklist.json().template).toBe('Vehicle walk-around');
  });

  it("takes the tenant's own template and refuses a bad one naming the field", async () => {
    const bad = await call('PUT', '/api/core/tenant-configuration/inspectionTemplates', alpha(), {
      templates: [{ name: 'Truck', assetType: 'TRUCK', items: [{ question: 'Brakes', answerType: 'YES_NO' }] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('templates[0].items[0].answerType');
    const saved = await call('PUT', '/api/core/tenant-configuration/inspectionTemplates', alpha(), {
      templates: [
        {
          name: 'Truck',
          assetType: 'TRUCK',
          items: [{ question: 'Brakes', answerType: 'OK_NOK_NA', mandatory: true }],
        },
        ...defaultInspectionTemplates.templates,
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const inspection = await created('asset/inspections', {
      name: 'Truck brakes',
      assetRegistration: truck.registration,
    });
    expect(inspection.template).toBe('Truck');
    expect(inspection.answers).toEqual([{ question: 'Brakes', answerType: 'OK_NOK_NA', mandatory: true }]);
    // Beta still has the product's templates.
    const betaTruck = await created('asset/assets', { name: 'Beta truck', type: 'TRUCK' }, t.beta.headers);
    const beta = await created(
      'asset/inspections',
      { name: 'Beta', assetRegistration: betaTruck.registration },
      t.beta.headers,
    );
    expect(beta.template).toBe('General check');
  });

  it('refuses a wrong answer and a result while a mandatory question is unanswered, naming the field', async () => {
    const inspection = await created('asset/inspections', { name: 'Bad input', assetRegistration: car.registration });
    const answers = inspection.answers as Answer[];
    const mileage = answers.findIndex((a) => a.answerType === 'NUMBER');
    const wrong = answers.map((a, i) => (i === mileage ? { ...a, answer: 'lots' } : a));
    const refused = await patch('asset/inspections', String(inspection.registration), { answers: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain(`answers[${mileage}].answer`);
    const early = await patch('asset/inspections', String(inspection.registration), { result: 'PASSED' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toContain('answers[0].answer');
    const badResult = await patch('asset/inspections', String(inspection.registration), { result: 'MAYBE' });
    expect(badResult.statusCode).toBe(400);
    expect(badResult.json().error).toContain('result');
    const gps = await patch('asset/inspections', String(inspection.registration), { latitude: 123 });
    expect(gps.statusCode).toBe(400);
    expect(gps.json().error).toContain('latitude');
  });

  it('opens a maintenance from a failed inspection with its photo, linked back and audited, once', async () => {
    const draft = await created('asset/inspections', {
      name: 'Return check',
      assetRegistration: car.registration,
      latitude: 45.7605,
      longitude: 4.8597,
      accuracy: 12,
      signature: 'data:image/png;base64,iVBORw0KGgo=',
    });
    const id = String(draft.registration);
    const answers = (draft.answers as Answer[]).map((a, i) => ({
      ...a,
      answer: a.answerType === 'NUMBER' ? '48210.5' : a.answerType === 'TEXT' ? 'Scratch' : i === 0 ? 'NOK' : 'OK',
      ...(i === 0 ? { comment: 'Rear door scratched' } : {}),
    }));
    expect((await patch('asset/inspections', id, { answers, result: 'FAILED' })).statusCode).toBe(200);
    const photo = await uploadFile(t, t.alpha, `/api/asset/inspections/${id}/documents`, {
      name: 'damage.png',
      type: 'image/png',
      content: await demoPhoto(170, 40, 40),
    });
    expect(photo.statusCode, photo.body).toBe(201);

    // A passed inspection opens nothing.
    const passed = await created('asset/inspections', { name: 'Fine', assetRegistration: truck.registration });
    const refused = await call('POST', `/api/asset/inspections/${String(passed.registration)}/maintenance`, alpha());
    expect(refused.statusCode).toBe(409);

    const opened = await call('POST', `/api/asset/inspections/${id}/maintenance`, alpha());
    expect(opened.statusCode, opened.body).toBe(201);
    const maintenance = opened.json().maintenance as Doc;
    expect(maintenance.inspectionRegistration).toBe(id);
    expect(maintenance.assetRegistration).toBe(car.registration);
    expect(maintenance.status).toBe('DRAFT');
    expect((await read('asset/inspections', id)).maintenanceRegistration).toBe(maintenance.registration);
    const history = await call('GET', `/api/core/histories?entityName=Inspection&entityRegistration=${id}`, alpha());
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('OPEN_MAINTENANCE');
    const again = await call('POST', `/api/asset/inspections/${id}/maintenance`, alpha());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain(String(maintenance.registration));

    const claim = await call('POST', `/api/asset/inspections/${id}/claim`, alpha());
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().claim.description).toContain('Rear door scratched');

    await move('asset/inspections', id, 'START');
    expect((await move('asset/inspections', id, 'COMPLETE')).status).toBe('COMPLETED');
  });

  it("keeps another tenant's inspections and assets out of reach", async () => {
    // Registrations are numbered per tenant: beta has one asset and one inspection, alpha's truck and this inspection come later.
    const inspection = await created('asset/inspections', {
      name: 'Alpha only',
      assetRegistration: truck.registration,
    });
    const id = String(inspection.registration);
    expect((await call('GET', `/api/asset/inspections/${id}`, t.beta.headers)).statusCode).toBe(404);
    expect((await call('POST', `/api/asset/inspections/${id}/maintenance`, t.beta.headers)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/asset/inspections/checklist/${String(truck.registration)}`, t.beta.headers)).statusCode,
    ).toBe(404);
    const foreign = await call('POST', '/api/asset/inspections', t.beta.headers, {
      name: 'Foreign asset',
      assetRegistration: truck.registration,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("assets' cost, lots and maintenances", () => {
  it("keeps the asset's expenses total exact through creates, changes, cancellations and deletes", async () => {
    const asset = await created('asset/assets', { name: 'Excavator', type: 'CONSTRUCTION_EQUIPMENT', currency: 'EUR' });
    const id = String(asset.registration);
    const expense = (amount: number) =>
      created('asset/asset-expenses', { name: 'Cost', type: 'REPAIR', assetRegistration: id, amount, currency: 'EUR' });
    const a = await expense(0.1);
    await expense(0.2);
    const c = await expense(1234567.89);
    expect((await read('asset/assets', id)).expensesTotal).toBe(1234568.19);
    expect((await patch('asset/asset-expenses', String(a.registration), { amount: 0.3 })).statusCode).toBe(200);
    expect((await read('asset/assets', id)).expensesTotal).toBe(1234568.39);
    await move('asset/asset-expenses', String(c.registration), 'CANCEL');
    expect((await read('asset/assets', id)).expensesTotal).toBe(0.5);
    expect((await call('DELETE', `/api/asset/asset-expenses/${String(a.registration)}`, alpha())).statusCode).toBe(200);
    expect((await read('asset/assets', id)).expensesTotal).toBe(0.2);
    const missing = await call('POST', '/api/asset/asset-expenses', alpha(), {
      name: 'No amount',
      assetRegistration: id,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('amount');
    const foreign = await call('POST', '/api/asset/asset-expenses', t.beta.headers, {
      name: 'Foreign',
      assetRegistration: id,
      amount: 5,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await read('asset/assets', id)).expensesTotal).toBe(0.2);
  });

  it("totals a lot's assets exactly and refuses an unknown or repeated asset", async () => {
    const lot = await created('asset/asset-lots', {
      name: 'Remarketing',
      assets: [{ assetRegistration: car.registration }, { assetRegistration: truck.registration }],
    });
    expect(lot.assetCount).toBe(2);
    expect(lot.totalPriceExclTax).toBe(116000.3);
    const twice = await call('POST', '/api/asset/asset-lots', alpha(), {
      name: 'Twice',
      assets: [{ assetRegistration: car.registration }, { assetRegistration: car.registration }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toContain('assets[1].assetRegistration');
  });

  it('refuses an amount including tax below the amount excluding tax', async () => {
    const res = await call('POST', '/api/asset/maintenances', alpha(), {
      name: 'Service',
      assetRegistration: car.registration,
      amountExclTax: 100,
      amountInclTax: 90,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('amountInclTax');
  });
});

describe('claims', () => {
  it('posts a settled claim through the books: one CLAIM_SETTLEMENT event, balanced postings', async () => {
    const claim = await created('case/claims', {
      name: 'Hail damage',
      startDate: '2026-10-01',
      assetRegistration: car.registration,
      amount: 1520.35,
      currency: 'EUR',
      lastAction: 'Expert appointed',
    });
    const id = String(claim.registration);
    for (const code of ['DECLARE', 'REVIEW', 'ACCEPT']) await move('case/claims', id, code);
    const settled = await move('case/claims', id, 'SETTLE');
    expect(settled.status).toBe('SETTLED');
    expect(settled.settlementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const events = await call('GET', `/api/accounting/posting-events?sourceRegistration=${id}`, alpha());
    expect(events.statusCode, events.body).toBe(200);
    const [event] = events.json() as Doc[];
    expect(event.eventType).toBe('CLAIM_SETTLEMENT');
    const postings = await call(
      'GET',
      `/api/accounting/postings?postingEventRegistration=${String(event.registration)}`,
      alpha(),
    );
    const lines = postings.json() as { dc: string; amount: number; account: string }[];
    expect(lines.map((p) => [p.account, p.dc, p.amount]).sort()).toEqual([
      ['467000', 'D', 1520.35],
      ['791000', 'C', 1520.35],
    ]);
  });

  it('refuses to settle a claim without its amount', async () => {
    const claim = await created('case/claims', { name: 'No amount', startDate: '2026-10-01' });
    const id = String(claim.registration);
    for (const code of ['DECLARE', 'REVIEW', 'ACCEPT']) await move('case/claims', id, code);
    const res = await call('GET', `/api/case/claims/${id}/transitions/SETTLE`, alpha());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error).toContain('amount');
  });
});
