import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const lists = (query: string, headers = t.alpha.headers) =>
  t.app.inject({ url: `/api/script/lists?${query}`, headers });

describe('reference lists', () => {
  it('answers the asked lists in order, in the asked language', async () => {
    const res = await lists('valuesOnly=true&locale=fr-FR&lists=contractStatus,personRole');
    expect(res.statusCode).toBe(200);
    const [statuses, roles] = res.json();
    expect(statuses[0]).toEqual({ value: 'DRAFT', label: 'Brouillon', isTranslated: true });
    expect(roles.map((r: { value: string }) => r.value)).toContain('CLIENT');
    const en = (await lists('valuesOnly=true&locale=en-EU&lists=contractStatus')).json();
    expect(en[0][0].label).toBe('Draft');
  });

  it('marks an unknown list with a first ERROR item', async () => {
    const [unknown] = (await lists('valuesOnly=true&lists=noSuchList')).json();
    expect(unknown[0]).toMatchObject({ value: 'ERROR' });
  });

  it('lets a tenant override a list, for that tenant only', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/script/lists',
      headers: t.alpha.headers,
      payload: {
        name: 'purpose',
        values: [{ value: 'SOLAR', label: { en: 'Solar panels', fr: 'Panneaux solaires' } }],
      },
    });
    expect(created.statusCode).toBe(201);
    const [alpha] = (await lists('valuesOnly=true&locale=fr-FR&lists=purpose')).json();
    expect(alpha).toEqual([{ value: 'SOLAR', label: 'Panneaux solaires', isTranslated: true }]);
    const [beta] = (await lists('valuesOnly=true&locale=fr-FR&lists=purpose', t.beta.headers)).json();
    expect(beta.map((i: { value: string }) => i.value)).not.toContain('SOLAR');
    const stored = (await lists('')).json();
    expect(stored.map((l: { registration: string }) => l.registration)).toEqual(['purpose']);
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ url: '/api/script/lists?lists=purpose' })).statusCode).toBe(401);
  });
});
