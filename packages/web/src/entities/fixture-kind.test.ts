import { describe, expect, it } from 'vitest';
import { entities, registerKinds } from '@lbo/model/entity-registry';
import { gizmo } from '@lbo/model/testing/gizmo-kind';
import { formFieldsOf } from '../fields/form-field.ts';
import { labelOfPath as menuLabelOf } from '../app/menus.ts';
import { composedWeb, shippedTranslations } from '../app/web-modules.ts';
import { columnLabel, filterParams, humanise } from './entity-fields.ts';

/**
 * The web's generic screens of a kind declared in one file (packages/model/src/testing/gizmo-kind.ts):
 * its list columns and filters, its form fields, its menu label and its French texts all come
 * from the declaration.
 */
registerKinds([gizmo]);

describe('the screens of a kind declared in one file', () => {
  it('list it with the columns and filters its declaration gives', () => {
    expect(entities).toContain(gizmo);
    expect(gizmo.columns.map((column) => columnLabel(gizmo, column))).toEqual([
      'Registration',
      'Status',
      'Name',
      'Serial number',
      'Size',
    ]);
    expect(filterParams(gizmo)).toEqual(['registration', 'name', 'serialNumber', 'minSize', 'maxSize']);
    expect(humanise(gizmo.listRoute)).toBe('Gizmos');
    expect(menuLabelOf(`/${gizmo.listRoute}`)).toBe('Gizmos');
  });

  it('edit it with a form of its declared fields', () => {
    const fields = formFieldsOf(gizmo.fields);
    expect(fields.map((f) => [f.name, f.type, Boolean(f.mandatory), Boolean(f.readOnly)])).toEqual([
      ['registration', 'text', false, true],
      ['name', 'text', false, false],
      ['status', 'select', false, true],
      ['type', 'text', false, false],
      ['serialNumber', 'text', true, false],
      ['size', 'integer', false, false],
      ['retirementDate', 'date', false, true],
    ]);
    expect(fields.find((f) => f.name === 'status')?.list).toBe('gizmoStatus');
  });

  it('translate its title, field and transition labels into French from the declaration', async () => {
    // The dictionary is built when first loaded, as the app loads it: after the kinds are known.
    const frFR = (await shippedTranslations('fr-FR')) ?? {};
    expect(frFR).toMatchObject({
      Gizmo: 'Bidule',
      Gizmos: 'Bidules',
      'Serial number': 'Numéro de série',
      Retire: 'Mettre au placard',
    });
    for (const field of formFieldsOf(gizmo.fields)) expect(frFR[field.label], field.label).toBeDefined();
  });

  it('use the generic screens unless a declaration names a screen the web has', () => {
    expect(gizmo.screens).toEqual({});
    const { detailScreens, listScreens } = composedWeb;
    for (const kind of entities) {
      if (kind.screens.detail) expect(Object.hasOwn(detailScreens, kind.screens.detail), kind.name).toBe(true);
      if (kind.screens.list) expect(Object.hasOwn(listScreens, kind.screens.list), kind.name).toBe(true);
    }
  });
});
