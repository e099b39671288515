import { entityByName } from '@lbo/model/entity-registry';
import type { FilterDef } from '@lbo/model/search';
import { bookSize, demoBook } from '@lbo/server/seed/demo-book';
import { resolvePath } from '@lbo/server/db/field-paths';
import type { Scenario } from './api.bench.ts';

/**
 * One scenario per declared filter of contracts, filtering by the value the book's middle
 * contract holds (as the data generator made it), so that every filter the list screen offers is
 * measured on the loaded book. A field the generator leaves empty is filtered by a value no
 * contract holds: the answer is empty, and the index still has to say so.
 */
export function contractFilterScenarios(contracts: number): Scenario[] {
  const entity = entityByName('Contract')!;
  const book = demoBook(bookSize(contracts)).find((k) => k.entity.name === 'Contract')!;
  const sample = book.at(Math.floor(contracts / 2));
  // A value at a dotted path, through the first item of a list.
  const at = (doc: unknown, parts: string[]): unknown =>
    parts.reduce<unknown>((value, part) => {
      const holder = Array.isArray(value) ? value[0] : value;
      return holder && typeof holder === 'object' ? (holder as Record<string, unknown>)[part] : undefined;
    }, doc);
  const capital = (s: string) => s[0].toUpperCase() + s.slice(1);
  const scenario = (filter: FilterDef): Scenario => {
    const name = `filter ${filter.name}`;
    const page = '&range=[0-19]';
    if (filter.kind === 'person') {
      const party = (sample.persons as { role: string; personRegistration: string }[]).find((p) =>
        filter.roles?.includes(p.role),
      );
      return {
        name,
        url: `/api/financing/contracts?${filter.name}=${party?.personRegistration ?? 'PER999999'}${page}`,
      };
    }
    const path = filter.field ?? filter.name;
    const value = at(sample, path.split('.'));
    const text = value === undefined || value === null || value === '' ? 'NONE' : String(value);
    if (filter.kind === 'range') {
      const resolved = resolvePath(entity, path);
      const dated = resolved?.kind === 'value' && (resolved.sqlKind === 'date' || resolved.sqlKind === 'timestamp');
      const key = `${dated ? 'from' : 'min'}${capital(filter.name)}`;
      return { name, url: `/api/financing/contracts?${key}=${dated ? text.replace(/-/g, '') : text}${page}` };
    }
    if (filter.kind === 'regex')
      return { name, url: `/api/financing/contracts?${filter.name}=${encodeURIComponent(text.split(' ')[0])}${page}` };
    return { name, url: `/api/financing/contracts?${filter.name}=${encodeURIComponent(text)}${page}` };
  };
  return entity.filters.map(scenario);
}
