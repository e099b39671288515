import { defineEntity, type Entity } from './entity.ts';
import { fieldTypes, type FieldDef } from './fields.ts';
import type { ColumnInput, FilterInput } from './search.ts';
import { ApiError } from './errors.ts';

/**
 * Dynamic entity kinds: a tenant describes one as data (a DynoDescriptor record) and gets the
 * same generic API as a declared kind, under `/api/dyno/{name}`. All dynamic records share one
 * table, `dyno_record`, told apart by their `type` column, which holds the kind's name.
 */
export const DYNO_TABLE = 'dyno_record';

export interface DynoDescriptor {
  name: string;
  label?: string;
  prefix: string;
  fields: Record<string, FieldDef>;
  search?: FilterInput[];
  columns?: ColumnInput[];
}

const namePattern = /^[a-z][a-zA-Z0-9]*$/;
const reserved = new Set(['registration', 'status', 'type', 'name', 'organization']);

/** Checks a descriptor's shape; the first problem throws `INVALID_FIELD_IN_CONFIG` naming it. */
export function checkDynoDescriptor(d: DynoDescriptor): void {
  const bad = (field: string, why: string) => new ApiError('INVALID_FIELD_IN_CONFIG', [field, why]);
  if (!namePattern.test(d.name)) throw bad('name', 'letters and digits, starting with a lower-case letter');
  if (!/^[A-Z]{2,6}$/.test(d.prefix)) throw bad('prefix', '2 to 6 capital letters');
  if (typeof d.fields !== 'object' || d.fields === null || Array.isArray(d.fields))
    throw bad('fields', 'an object of field definitions');
  const check = (fields: Record<string, FieldDef>, path: string) => {
    for (const [name, field] of Object.entries(fields)) {
      if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(name)) throw bad(`${path}${name}`, 'not a field name');
      if (typeof field !== 'object' || field === null || !fieldTypes.includes(field.type))
        throw bad(`${path}${name}.type`, `one of ${fieldTypes.join(', ')}`);
      if (field.type === 'select' && typeof field.list !== 'string') throw bad(`${path}${name}.list`, 'a list name');
      if ((field.type === 'list' || field.type === 'object') && field.fields) check(field.fields, `${path}${name}.`);
    }
  };
  check(d.fields, 'fields.');
  for (const name of Object.keys(d.fields))
    if (reserved.has(name) && name !== 'name') throw bad(`fields.${name}`, 'reserved');
}

/** The entity a descriptor describes: generic routes, filters and validation work on it unchanged. */
export function dynoEntity(d: DynoDescriptor): Entity {
  checkDynoDescriptor(d);
  const entityName = `Dyno${d.name[0].toUpperCase()}${d.name.slice(1)}`;
  let entity: Entity;
  try {
    entity = defineEntity({
      name: entityName,
      route: `dyno/${d.name}`,
      prefix: d.prefix,
      status: false,
      fields: d.fields,
      search: d.search,
      columns: d.columns,
    });
  } catch (error) {
    throw new ApiError('INVALID_FIELD_IN_CONFIG', ['search', String((error as Error).message)]);
  }
  return { ...entity, table: DYNO_TABLE, clientRoute: `page/${d.name}` };
}

/** The shape of the shared table, for the migration: generic columns, kinds told apart by `type`. */
export const dynoStore: Entity = {
  ...defineEntity({ name: 'DynoRecord', route: 'dyno', status: false, indexes: ['type'] }),
  table: DYNO_TABLE,
};
