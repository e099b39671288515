import { afterEach, describe, expect, it, vi } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { linkedName, truncated } from './linked-names.ts';

afterEach(() => vi.unstubAllGlobals());

describe('names of linked records', () => {
  it('reads every name asked for in the same moment in one request per kind', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(decodeURIComponent(url));
      const body = url.includes('person/persons')
        ? [
            { registration: 'PER000283', name: 'Studio Martin SAS' },
            { registration: 'PER000001', name: 'Tom Kowalski' },
          ]
        : [{ registration: 'AS000001', name: 'Peugeot 308 SW' }];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const person = entityByName('Person')!;
    const names = await Promise.all([
      linkedName(person, 'PER000283'),
      linkedName(person, 'PER000001'),
      linkedName(person, 'PER000283'),
      linkedName(entityByName('Asset')!, 'AS000001'),
      linkedName(person, 'PER999999'),
    ]);
    expect(names).toEqual(['Studio Martin SAS', 'Tom Kowalski', 'Studio Martin SAS', 'Peugeot 308 SW', null]);
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/api\/person\/persons\?/);
    expect(urls[0]).toContain('registration=PER000283,PER000001,PER999999');
    expect(urls[0]).toContain('projection=registration,name');
    // Asked later: a request of its own.
    await linkedName(person, 'PER000001');
    expect(urls).toHaveLength(3);
  });

  it('cuts names to a number of characters', () => {
    expect(truncated('Studio Martin SAS', 17)).toBe('Studio Martin SAS');
    expect(truncated('Établissements Durand et fils', 17)).toBe('Établissements Du…');
  });
});
