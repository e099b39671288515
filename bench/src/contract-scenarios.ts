import { entityByName } from '@lbo/model/entity-registry';
import type { FilterDef } from '@lbo/model/search';
import { bookSize, demoBook } from '@lbo/server/seed/demo-book';
import { resolvePath } from '@lbo/server/db/field-paths';
import { textSearchSql } from '@lbo/server/db/schema';
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

/** A statement of a floor, `$1` being the tenant. */
export interface FloorStatement {
  sql: string;
  parameters: unknown[];
}

/**
 * The list shapes the product is held to against their floor: the SQL a person would write by
 * hand for the same answer (the page's documents, and the count where the shape asks for one),
 * run through `pg` as the application role under the same row-level security.
 */
export function listShapeScenarios(contracts: number): (Scenario & { floor: FloorStatement[] })[] {
  const mid = Math.floor(contracts / 2);
  const registration = `CT${String(mid).padStart(6, '0')}`;
  const page = (table: string, where: string, order: string) =>
    `SELECT data::text FROM ${table} WHERE tenant = $1 AND ${where} ORDER BY ${order} LIMIT 20`;
  const search = `CT0${String(mid).slice(0, 4)}`;
  return [
    {
      name: 'shape: financial product, 20 sorted by registration',
      url: '/api/financing/contracts?financialProduct=LEASE&sort=registration&range=[0-19]',
      floor: [
        {
          sql: page('contract', `data -> 'quotations' @> '[{"financialProduct":"LEASE"}]'`, 'registration'),
          parameters: [],
        },
      ],
    },
    {
      name: 'shape: person name contains a surname, 20',
      url: '/api/person/persons?name=martin&range=[0-19]',
      floor: [{ sql: page('person', `name ILIKE '%martin%'`, '_insert_date DESC, _id DESC'), parameters: [] }],
    },
    {
      name: 'shape: search box, a reference',
      url: `/api/financing/contracts?search=${search}&range=[0-19]`,
      floor: [
        {
          sql: page(
            'contract',
            `${textSearchSql(entityByName('Contract')!)} LIKE '%${search.toLowerCase()}%'`,
            '_insert_date DESC, _id DESC',
          ),
          parameters: [],
        },
      ],
    },
    {
      name: 'shape: status page with its exact count',
      url: '/api/financing/contracts?status=ACTIVE&count=exact&range=[0-19]',
      floor: [
        { sql: page('contract', `status = 'ACTIVE'`, '_insert_date DESC, _id DESC'), parameters: [] },
        { sql: `SELECT count(*) FROM contract WHERE tenant = $1 AND status = 'ACTIVE'`, parameters: [] },
      ],
    },
    {
      name: 'shape: get by registration',
      url: `/api/financing/contracts/${registration}`,
      floor: [
        { sql: 'SELECT data::text FROM contract WHERE tenant = $1 AND registration = $2', parameters: [registration] },
      ],
    },
  ];
}
