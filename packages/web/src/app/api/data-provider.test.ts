import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { apiPaths, dataProvider, queryKeys } from './data-provider.ts';
import { kindChanged } from './data-hooks.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const contract = { route: 'financing/contracts', name: 'Contract' };
const person = { route: 'person/persons', name: 'Person' };

/** Answers every call with `body` and records what was asked. */
function stubFetch(body: unknown = [], headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);
  return { fetchMock, calls };
}

describe('the data provider builds every path', () => {
  it('of a kind: list, record, transitions, with registrations encoded', () => {
    expect(apiPaths.kind(contract)).toBe('/api/financing/contracts');
    expect(apiPaths.record(contract, 'CT 1/2')).toBe('/api/financing/contracts/CT%201%2F2');
    expect(apiPaths.transition(contract, 'CT000001', 'SUBMIT')).toBe(
      '/api/financing/contracts/CT000001/transitions/SUBMIT',
    );
    expect(apiPaths.selectionTransitions(contract)).toBe('/api/financing/contracts/transitions');
    expect(apiPaths.preference('a b', 'x/y')).toBe('/api/core/users/a%20b/preferences/x%2Fy');
  });

  it("sends list, get, create, update, delete and transition to the kind's paths", async () => {
    const { calls } = stubFetch([{ registration: 'CT000001' }], {
      'pagination-size': '42',
      'pagination-continues': 'true',
    });
    const page = await dataProvider.list(contract, { status: ['ACTIVE', 'DRAFT'], range: '[0-19]' });
    expect(page).toMatchObject({ rows: [{ registration: 'CT000001' }], size: 42, continues: true });
    await dataProvider.get(contract, 'CT000001');
    await dataProvider.create(contract, { name: 'x' });
    await dataProvider.update(contract, 'CT000001', { _version: 1 });
    await dataProvider.delete(contract, 'CT000001');
    await dataProvider.transition(contract, 'CT000001', 'APPROVE');
    await dataProvider.names(person, ['PER1', 'PER2']);
    await dataProvider.history(contract, 'CT000001');
    expect(calls()).toEqual([
      'GET /api/financing/contracts?status=ACTIVE,DRAFT&range=[0-19]',
      'GET /api/financing/contracts/CT000001',
      'POST /api/financing/contracts',
      'PATCH /api/financing/contracts/CT000001',
      'DELETE /api/financing/contracts/CT000001',
      'GET /api/financing/contracts/CT000001/transitions/APPROVE',
      'GET /api/person/persons?registration=PER1,PER2&projection=registration,name&range=[0-1]',
      'GET /api/core/histories?entityName=Contract&entityRegistration=CT000001&action=TRANSITION&sort=date',
    ]);
  });

  it('sends the scripts, reference lists and session calls to theirs', async () => {
    const { calls } = stubFetch({});
    await dataProvider.referenceLists(['currency', 'country'], 'fr-FR');
    await dataProvider.runScript('quick-add-relations', { sourcePerson: 'PER1' });
    await dataProvider.session.configuration();
    expect(calls()).toEqual([
      'GET /api/script/lists?valuesOnly=true&locale=fr-FR&lists=currency,country',
      'POST /api/script/runs/quick-add-relations',
      'GET /api/script/runs/user-configuration',
    ]);
  });
});

describe('query keys', () => {
  it('put everything read about a kind under the kind, and reference lists apart from entity lists', () => {
    const kind = queryKeys.kind(contract);
    for (const key of [
      queryKeys.list(contract, { range: '[0-19]' }),
      queryKeys.record(contract, 'CT1'),
      queryKeys.transitions(contract, 'CT1'),
      queryKeys.history(contract, 'CT1'),
      queryKeys.pinned(contract, 'CT1'),
      queryKeys.name(contract, 'CT1'),
      queryKeys.search(contract, 'abc'),
    ]) {
      expect(key.slice(0, kind.length)).toEqual(kind);
    }
    expect(queryKeys.referenceList('financing/contracts', 'en-GB')[0]).not.toBe(kind[0]);
  });

  it('a write refreshes the kind it changed, not other kinds nor reference lists, and can spare the record it just cached', async () => {
    const client = new QueryClient();
    const keys = [
      queryKeys.list(contract, {}),
      queryKeys.record(contract, 'CT1'),
      queryKeys.list(person, {}),
      queryKeys.referenceList('currency', 'en-GB'),
    ];
    for (const key of keys) client.setQueryData(key, 'cached');
    await kindChanged(client, contract, queryKeys.record(contract, 'CT1'));
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, false, false, false]);
    await kindChanged(client, contract);
    expect(client.getQueryState(queryKeys.record(contract, 'CT1'))?.isInvalidated).toBe(true);
  });

  it("after a transition, what is read under the answered record's version is marked stale, not read again; the rest of the kind is", async () => {
    const client = new QueryClient();
    const reads: string[] = [];
    const shown = (key: QueryKey) =>
      new QueryObserver(client, {
        queryKey: key,
        queryFn: async () => reads.push(JSON.stringify(key)),
      }).subscribe(() => undefined);
    const own = [
      queryKeys.record(contract, 'CT1'),
      [...queryKeys.transitions(contract, 'CT1'), 1],
      [...queryKeys.history(contract, 'CT1'), 1],
      [...queryKeys.record(contract, 'CT1'), 'summary', 1],
    ];
    const others = [queryKeys.list(contract, {}), [...queryKeys.transitions(contract, 'CT2'), 1]];
    for (const key of [...own, ...others]) shown(key);
    const all = [...own, ...others];
    await vi.waitFor(() => expect(all.every((key) => client.getQueryState(key)?.status === 'success')).toBe(true));
    reads.length = 0;
    await kindChanged(client, contract, undefined, ['CT1']);
    expect(reads).toEqual(others.map((key) => JSON.stringify(key)));
    expect(own.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, true, true, true]);
  });
});
