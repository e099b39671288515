import { describe, expect, it } from 'vitest';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { resolvePath } from '../db/field-paths.ts';

describe('field paths', () => {
  const contract = entityByName('Contract')!;
  it('resolves columns, data values, nested values, items and fixed positions', () => {
    expect(resolvePath(contract, 'status')).toMatchObject({ kind: 'value', column: true });
    expect(resolvePath(contract, 'startDate')).toMatchObject({
      kind: 'value',
      column: false,
      sqlKind: 'date',
      parts: ['startDate'],
    });
    expect(resolvePath(contract, 'financedAmountExclTax')).toMatchObject({ sqlKind: 'numeric' });
    expect(resolvePath(contract, 'assets.assetRegistration')).toMatchObject({
      kind: 'item',
      list: ['assets'],
      item: ['assetRegistration'],
    });
    expect(resolvePath(contract, 'quotations.0.financialProduct')).toMatchObject({
      kind: 'value',
      parts: ['quotations', '0', 'financialProduct'],
    });
    expect(resolvePath(contract, '_insertDate')).toMatchObject({ kind: 'value', column: true, sqlKind: 'timestamp' });
  });
  it('refuses undeclared paths', () => {
    for (const path of ['nope', 'quotations.0', 'startDate.year', 'assets.nope', "name'; --", 'persons.x.role']) {
      expect(resolvePath(contract, path), path).toBeUndefined();
    }
  });
  it('resolves every declared filter and column of every kind', () => {
    for (const entity of entities) {
      for (const filter of entity.filters)
        expect(resolvePath(entity, filter.field ?? filter.name), `${entity.name} filter ${filter.name}`).toBeDefined();
      for (const column of entity.columns)
        expect(resolvePath(entity, column.field), `${entity.name} column ${column.field}`).toBeDefined();
    }
  });
});
