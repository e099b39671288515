import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { fieldTypes, type FieldDef } from '@lbo/model/fields';
import { referenceLists, type ListItem } from '@lbo/model/reference-lists';
import { isObject, type ValidateOptions } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { tenantConfigOf } from '../db/configuration.ts';

/**
 * What a tenant adds to a declaration before a body is checked: its overrides of reference
 * lists (List records named after the list) and the extension fields its configuration adds
 * to persons (`options.person.extensionFields.contacts`, spec 002 §3).
 */
export type TenantRules = Pick<ValidateOptions, 'listValues' | 'extensions'>;

const listEntity = entityByName('List')!;

/** The reference lists a client may set in a kind: its selects, server-written ones (status) aside. */
const listsOfKind = new WeakMap<Entity, string[]>();
function clientLists(entity: Entity): string[] {
  let names = listsOfKind.get(entity);
  if (!names) {
    const found = new Set<string>();
    const walk = (fields: Record<string, FieldDef>) => {
      for (const field of Object.values(fields)) {
        if (field.type === 'select' && field.list && !field.readOnly) found.add(field.list);
        if (field.fields) walk(field.fields);
      }
    };
    walk(entity.fields);
    names = [...found];
    listsOfKind.set(entity, names);
  }
  return names;
}

/** Extension fields as the configuration states them, each kept only when it is a field definition. */
function extensionsOf(
  options: Record<string, unknown> | undefined,
  key: string,
): Record<string, Record<string, FieldDef>> {
  const section = options && Object.hasOwn(options, key) ? options[key] : undefined;
  const declared = isObject(section) && isObject(section.extensionFields) ? section.extensionFields : {};
  const out: Record<string, Record<string, FieldDef>> = {};
  for (const [path, fields] of Object.entries(declared)) {
    if (!isObject(fields)) continue;
    out[path] = Object.fromEntries(
      Object.entries(fields).filter(
        ([, f]) =>
          isObject(f) &&
          (fieldTypes as readonly unknown[]).includes(f.type) &&
          f.type !== 'list' &&
          f.type !== 'object',
      ),
    ) as Record<string, FieldDef>;
  }
  return out;
}

export async function tenantRulesOf(tx: Tx, tenant: string, entity: Entity): Promise<TenantRules> {
  const names = clientLists(entity);
  const overrides = new Map<string, ListItem[]>();
  if (names.length) {
    const { rows } = await sql<{
      registration: string;
      values: ListItem[] | null;
    }>`SELECT registration, data -> 'values' AS values
      FROM ${sql.table(listEntity.table)} WHERE tenant = ${tenant} AND registration = ANY(${names}::text[])`.execute(
      tx,
    );
    for (const row of rows) if (Array.isArray(row.values)) overrides.set(row.registration, row.values);
  }
  const sets = new Map<string, ReadonlySet<string>>();
  const listValues = (name: string) => {
    if (!sets.has(name)) {
      const items = overrides.get(name) ?? (Object.hasOwn(referenceLists, name) ? referenceLists[name] : undefined);
      if (!items) return undefined;
      sets.set(name, new Set(items.map((item) => String(isObject(item) ? item.value : item))));
    }
    return sets.get(name);
  };
  // The configuration section whose extension fields the kind takes, as its declaration names it.
  const key = entity.extensionFields;
  const extensions = key ? extensionsOf((await tenantConfigOf(tx, tenant)).options, key) : {};
  return { listValues, extensions };
}
