import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { queryKeys } from '../app/api/data-provider.ts';
import { addressPivot, contactExtensions, hierarchyOf, personKeys, usersNamed } from './person-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const person = entityByName('Person')!;

describe("the person editor's calls", () => {
  it('go to their paths through the one client', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await usersNamed('jo');
    await hierarchyOf(person, 'PER 1');
    await addressPivot({ search: 'rue', country: '' });
    await contactExtensions();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/core/users?username=jo',
      `GET /api/${person.route}/PER%201/hierarchy`,
      'POST /api/external/pivot/addresses?search=rue',
      'GET /api/person/persons-schema',
    ]);
  });

  it("keep a person's relations under its kind, so that a write to it refreshes them", () => {
    const kind = queryKeys.kind(person);
    expect(personKeys.hierarchy(person, 'PER1').slice(0, kind.length)).toEqual(kind);
  });
});
