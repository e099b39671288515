import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { listQuery, mergeFilters, nextSort, readListState, writeListState } from './list-state.ts';
import { pageNumbers, showFirstLast } from './list-state.ts';
import { filterParams, parentPath } from './entity-fields.ts';

const contract = entityByName('Contract')!;

describe('list state in the URL', () => {
  it('reads declared filters, free text, page, sort and range, and ignores the rest', () => {
    const params = new URLSearchParams(
      'status=ACTIVE,-DRAFT&fromStartDate=20240101&filter=martin&page=3&sort=-startDate&jwt=x&range=[40-79]',
    );
    const state = readListState(contract, params);
    expect(state).toEqual({
      filters: { status: 'ACTIVE,-DRAFT', fromStartDate: '20240101' },
      search: 'martin',
      page: 3,
      sort: '-startDate',
      range: [40, 79],
    });
    expect(readListState(contract, writeListState(state))).toEqual(state);
  });

  it('builds the list query with range and breakdown', () => {
    const state = readListState(contract, new URLSearchParams('status=ACTIVE&page=2'));
    expect(listQuery(contract, state, 20)).toEqual({
      status: 'ACTIVE',
      search: '',
      sort: undefined,
      range: '[20-39]',
      breakdown: 'status',
    });
  });

  it('names date ranges from/to and amount ranges min/max', () => {
    const params = filterParams(contract);
    expect(params).toContain('fromStartDate');
    expect(params).toContain('toEndDate');
    expect(params).toContain('minFinancedAmountExclTax');
    expect(params).toContain('maxDuration');
  });

  it('merges filter changes, an empty value removing the filter', () => {
    expect(mergeFilters({ status: 'ACTIVE', name: 'x' }, { name: '', fromStartDate: '20240101' })).toEqual({
      status: 'ACTIVE',
      fromStartDate: '20240101',
    });
  });

  it('cycles sorting ascending, descending, off', () => {
    expect(nextSort(undefined, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeUndefined();
    expect(nextSort('-startDate', 'name')).toBe('name');
  });
});

describe('pager', () => {
  it('shows at most 10 page numbers and first/last past 10 pages', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageNumbers(15, 30)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(pageNumbers(30, 30)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(showFirstLast(10)).toBe(false);
    expect(showFirstLast(11)).toBe(true);
  });
});

describe('links to a parent record by entity name', () => {
  it('follows the entity-name rule, and gives nothing for an unknown or missing kind', () => {
    expect(parentPath('Credit line', 'CL000001')).toBe('/credit-line/CL000001');
    expect(parentPath('CreditLine', 'CL000001')).toBe('/credit-line/CL000001');
    expect(parentPath('dynoBoat', 'B1')).toBe('/page/dynoBoat/B1');
    expect(parentPath('Spaceship', 'S1')).toBeUndefined();
    expect(parentPath(undefined, 'S1')).toBeUndefined();
  });
});
