import type { Entity } from '@lbo/model/entity';
import { clientRouteOfKind } from '@lbo/model/lazy-registry';
import type { ColumnDef, FilterDef } from '@lbo/model/search';
import { fieldAt } from '@lbo/model/field-at';
import { filterLabel, humanise } from '@lbo/model/field-labels';

export { fieldAt };
/** A name nobody worded as a label (`financedAmountExclTax` → `Financed amount excl tax`); a filter's label (its field's when written). */
export { filterLabel, humanise };

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** The value at a dotted path of a record. */
export function valueAt(record: unknown, path: string): unknown {
  let value = record;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** A field's label: declared, else from its name; for nested `name`/`registration`, the parent's name too. */
export function labelOfPath(entity: Pick<Entity, 'fields'>, path: string): string {
  const declared = fieldAt(entity, path)?.label;
  if (declared) return declared;
  const segments = path.split('.').filter((s) => !isIndex(s));
  const last = segments[segments.length - 1] ?? path;
  if (segments.length > 1 && (last === 'name' || last === 'registration'))
    return humanise(`${segments[segments.length - 2]} ${last}`);
  return humanise(last);
}

export const columnLabel = (entity: Entity, column: ColumnDef) => column.label ?? labelOfPath(entity, column.field);

/** The field a filter applies to. */
export const filterField = (entity: Entity, filter: FilterDef) => fieldAt(entity, filter.field ?? filter.name);

/** Range filters read `from`/`to` on dates and `min`/`max` on numbers. */
export function rangeParams(entity: Entity, filter: FilterDef): [string, string] {
  const type = filterField(entity, filter)?.type;
  const cap = filter.name.charAt(0).toUpperCase() + filter.name.slice(1);
  return type === 'date' || type === 'datetime' ? [`from${cap}`, `to${cap}`] : [`min${cap}`, `max${cap}`];
}

/** Every query parameter the declared filters read. */
export function filterParams(entity: Entity): string[] {
  return entity.filters.flatMap((f) => (f.kind === 'range' ? rangeParams(entity, f) : [f.name]));
}

/** The detail route of a record: `/contract/CT000001`; dots of user names are encoded (spec 001 §2.3). */
export function detailPath(entity: Pick<Entity, 'clientRoute' | 'name'>, id: string): string {
  const encoded = encodeURIComponent(id);
  return `/${entity.clientRoute}/${entity.name === 'User' ? encoded.replace(/\./g, '%2E') : encoded}`;
}

/**
 * The detail route of a record named by entity name and registration (a document's parent):
 * the entity-name rule of spec 000 §2.2; undefined for a missing or unsupported kind.
 */
export function parentPath(entityName: unknown, registration: unknown): string | undefined {
  if (typeof registration !== 'string' || !registration) return undefined;
  try {
    return `${clientRouteOfKind(typeof entityName === 'string' ? entityName : undefined)}/${encodeURIComponent(registration)}`;
  } catch {
    return undefined;
  }
}
