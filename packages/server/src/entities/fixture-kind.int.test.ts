import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { entityByRoute, registerKinds } from '@lbo/model/entity-registry';
import { kindLabelsIn } from '@lbo/model/kind-labels';
import { defaultWorkflow } from '@lbo/model/workflow/workflows';
import { gizmo } from '@lbo/model/testing/gizmo-kind';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { MenuItem } from '../auth/menus.ts';

/**
 * A kind declared in one file (packages/model/src/testing/gizmo-kind.ts) and registered before
 * the database is opened gets, from that declaration alone, its table and indexes, its generic
 * routes, its status list, its workflow and transition routes, its menu entry and its French texts.
 */
registerKinds([gizmo]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const base = '/api/fixture/gizmos';

describe('a kind declared in one file', () => {
  it('is registered: found by its route, with its workflow', () => {
    expect(entityByRoute('fixture/gizmos')).toBe(gizmo);
    expect(defaultWorkflow(gizmo)?.transitions.map((tr) => tr.code)).toEqual(['ACTIVATE', 'RETIRE']);
  });

  it('has its table and the index its declaration asks for', async () => {
    const { rows } = await sql<{
      indexdef: string;
    }>`SELECT indexdef FROM pg_indexes WHERE tablename = ${gizmo.table}`.execute(t.db.database.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.indexdef.includes('serialNumber'))).toBe(true);
  });

  it('is created, listed, read, updated and deleted through the generic API, with its checks', async () => {
    const h = t.alpha.headers;
    const created = await t.call('POST', base, h, { name: 'Blue gizmo', serialNumber: 'SN-1', size: 3 });
    expect(created.statusCode).toBe(201);
    const doc = created.json();
    expect(doc).toMatchObject({ registration: 'GZM000001', status: 'DRAFT', serialNumber: 'SN-1', _version: 1 });

    const missing = await t.call('POST', base, h, { name: 'No serial' });
    expect(missing.statusCode).toBe(400);
    const tooBig = await t.call('POST', base, h, { name: 'Huge', serialNumber: 'SN-2', size: 5000 });
    expect(tooBig.json().error).toBe('400|INVALID_FIELD_VALUE|Invalid value 5000 for field size');

    const listed = await t.call('GET', `${base}?serialNumber=SN-1`, h);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((row: { registration: string }) => row.registration)).toEqual(['GZM000001']);
    expect((await t.call('GET', `${base}?minSize=1&maxSize=5`, h)).json()).toHaveLength(1);
    expect((await t.call('GET', `${base}/GZM000001`, h)).json().name).toBe('Blue gizmo');

    const merged = await t.call('PATCH', `${base}/GZM000001`, h, { size: 4 });
    expect(merged.json()).toMatchObject({ size: 4, _version: 2 });
    // Another tenant does not see it.
    expect((await t.call('GET', `${base}/GZM000001`, t.beta.headers)).statusCode).toBe(404);

    const deleted = await t.call('DELETE', `${base}/GZM000001`, h);
    expect(deleted.statusCode).toBe(200);
    expect((await t.call('GET', `${base}/GZM000001`, h)).statusCode).toBe(404);
  });

  it('moves through its workflow, and its status list is served in both languages', async () => {
    const h = t.alpha.headers;
    const { registration } = (
      await t.call('POST', base, h, { name: 'Red gizmo', serialNumber: 'SN-3', size: 1 })
    ).json();
    const transitions = (await t.call('GET', `${base}/${registration}/transitions`, h)).json();
    expect(JSON.stringify(transitions)).toContain('ACTIVATE');
    const activated = await t.call('GET', `${base}/${registration}/transitions/ACTIVATE`, h);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().status).toBe('ACTIVE');
    const retired = await t.call('GET', `${base}/${registration}/transitions/RETIRE`, h);
    expect(retired.json().status).toBe('RETIRED');

    const french = await t.call('GET', '/api/script/lists?valuesOnly=true&locale=fr-FR&lists=gizmoStatus', h);
    expect(french.statusCode).toBe(200);
    expect(JSON.stringify(french.json())).toContain('Mis au placard');
    const english = await t.call('GET', '/api/script/lists?valuesOnly=true&locale=en-EU&lists=gizmoStatus', h);
    expect(JSON.stringify(english.json())).toContain('Retired');
  });

  it('shows in the default menu, in the section its declaration names', async () => {
    const config = (await t.call('GET', '/api/script/runs/user-configuration', t.alpha.headers)).json();
    const work = (config.menus as MenuItem[]).find((m) => m.label === 'Work');
    expect(work?.menus?.[0].path).toBe('/gizmos');
  });

  it('brings its French texts: titles, field and transition labels', () => {
    expect(kindLabelsIn('fr')).toMatchObject({
      Gizmo: 'Bidule',
      Gizmos: 'Bidules',
      'Serial number': 'Numéro de série',
      Retire: 'Mettre au placard',
    });
  });

  it('appears in the OpenAPI document, its body schema from its declaration', async () => {
    const answer = await t.call('GET', '/api/documentation/openapi.json', t.alpha.headers);
    expect(answer.statusCode).toBe(200);
    const paths = answer.json().paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining([base, `${base}/{id}`, `${base}/{id}/transitions`]));
    const body = paths[base].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['serialNumber']);
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['name', 'serialNumber', 'size', 'retirementDate']),
    );
    expect(paths[base].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['serialNumber', 'minSize', 'maxSize']),
    );
  });
});
