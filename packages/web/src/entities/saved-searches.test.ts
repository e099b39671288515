import { describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { readListState } from './list-state.ts';
import { defaultSearchName, recalledParams, refusalOf, savedSearchesOf, searchQuery } from './saved-searches.ts';
import { pageConfigOf, pageNameOf, readPageConfig } from './page-config.ts';
import { hitsOnHiddenFields } from './HiddenHitsNotice.tsx';
import { pinsOf } from './PinnedRows.tsx';

const contract = entityByName('Contract')!;
const state = (query: string) => readListState(contract, new URLSearchParams(query));

describe('saved searches', () => {
  it('keep the declared filters, range bounds, free text, sort and props_ fields; not the page or the Load-more range', () => {
    const query = searchQuery(
      contract,
      state('status=ACTIVE,-DRAFT&fromStartDate=20240101&filter=martin&page=3&sort=-startDate&range=[0-39]&jwt=x'),
      new URLSearchParams('props_vip=1&jwt=x&page=3'),
    );
    expect(query).toEqual({
      filter: 'martin',
      fromStartDate: '20240101',
      props_vip: '1',
      sort: '-startDate',
      status: 'ACTIVE,-DRAFT',
    });
    expect(Object.keys(query)).toEqual(['filter', 'fromStartDate', 'props_vip', 'sort', 'status']);
  });

  it('are refused when empty or identical to one already saved', () => {
    const saved = [{ name: 'Active', query: { status: 'ACTIVE' } }];
    expect(refusalOf({}, saved)).toBe('empty');
    expect(refusalOf(searchQuery(contract, state('page=2')), saved)).toBe('empty');
    expect(refusalOf({ status: 'ACTIVE' }, saved)).toBe('duplicate');
    expect(refusalOf({ status: 'ACTIVE', name: 'x' }, saved)).toBeUndefined();
    expect(refusalOf({ status: 'DRAFT' }, saved)).toBeUndefined();
  });

  it('are named after what they hold unless the user names them', () => {
    expect(defaultSearchName({ status: 'ACTIVE', name: '^leas' })).toBe('Status: ACTIVE, Name: ^leas');
    expect(defaultSearchName({ name: 'x'.repeat(80) })).toHaveLength(60);
  });

  it('are read from the SEARCH_FILTER preferences of the page, and recalled as the URL query', () => {
    const preferences = [
      {
        _id: '1',
        groupId: '/contracts',
        type: 'SEARCH_FILTER',
        value: { name: 'Mine', query: { status: 'ACTIVE', bad: 3 } },
      },
      { _id: '2', groupId: '/deals', type: 'SEARCH_FILTER', value: { name: 'Deals', query: { status: 'NEW' } } },
      { _id: '3', groupId: '/contracts', type: 'TABLE_CONFIGURATION', value: { columns: [] } },
      { _id: '4', groupId: '/contracts', type: 'SEARCH_FILTER', value: 'broken' },
      { _id: '5', groupId: '/contracts', type: 'SEARCH_FILTER', value: { query: { name: 'leas' } } },
    ];
    const saved = savedSearchesOf(preferences, '/contracts');
    expect(saved).toEqual([
      { _id: '1', name: 'Mine', query: { status: 'ACTIVE' } },
      { _id: '5', name: 'Name: leas', query: { name: 'leas' } },
    ]);
    expect(recalledParams(saved[0]).toString()).toBe('status=ACTIVE');
  });
});

describe('page configuration', () => {
  it('names the page after its path', () => {
    expect(pageNameOf('credit-lines')).toBe('CreditLinesPage');
    expect(pageNameOf('contracts')).toBe('ContractsPage');
  });

  it("overrides the product's settings with the tenant's, keeping only well-formed ones", () => {
    expect(pageConfigOf('payment-files', undefined)).toEqual({ addButton: false });
    const options = {
      pages: {
        ContractsPage: {
          title: 'Book',
          columns: ['registration', 'name'],
          defaultQuery: { status: 'ACTIVE', bad: 1 },
          hideKpis: true,
          hideTransitions: 'yes',
          pageSize: 999,
          addLink: '/deal',
        },
      },
    };
    expect(pageConfigOf('contracts', options)).toEqual({
      title: 'Book',
      columns: ['registration', 'name'],
      defaultQuery: { status: 'ACTIVE' },
      hideKpis: true,
      addLink: '/deal',
    });
    expect(pageConfigOf('payment-files', { pages: { PaymentFilesPage: { addButton: true, pageSize: 50 } } })).toEqual({
      addButton: true,
      pageSize: 50,
    });
    expect(readPageConfig({ hideAddButton: true, addLink: 'javascript:alert(1)' })).toEqual({ addButton: false });
    expect(readPageConfig('nonsense')).toEqual({});
  });
});

describe('pinned rows and hidden hits', () => {
  it('reads the PINNED_ITEM preferences of the page and kind', () => {
    const preferences = [
      {
        _id: 'a',
        groupId: '/contracts',
        type: 'PINNED_ITEM',
        value: { entityName: 'Contract', registration: 'CT000001' },
      },
      { _id: 'b', groupId: '/contracts', type: 'PINNED_ITEM', value: { entityName: 'Deal', registration: 'DL000001' } },
      { _id: 'c', groupId: '/deals', type: 'PINNED_ITEM', value: { entityName: 'Contract', registration: 'CT000002' } },
      { _id: 'd', groupId: '/contracts', type: 'PINNED_ITEM', value: { entityName: 'Contract' } },
    ];
    expect(pinsOf(preferences, contract, '/contracts')).toEqual([{ _id: 'a', registration: 'CT000001' }]);
  });

  it('tells when the free text matched no shown column', () => {
    const columns = [{ field: 'registration' }, { field: 'name' }];
    expect(hitsOnHiddenFields('leas', columns, [{ registration: 'CT1', name: 'Leasing' }])).toBe(false);
    expect(
      hitsOnHiddenFields('ref-42', columns, [{ registration: 'CT1', name: 'Leasing', internalReference: 'REF-42' }]),
    ).toBe(true);
    expect(hitsOnHiddenFields('', columns, [{ registration: 'CT1' }])).toBe(false);
    expect(hitsOnHiddenFields('x', columns, [])).toBe(false);
  });
});
