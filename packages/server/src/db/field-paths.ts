import { sql, type RawBuilder } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import type { FieldDef, FieldType } from '@lbo/model/fields';
import { auditFields } from '@lbo/model/entity-registry';

/** Fields stored as their own columns besides `data`. */
export const columnFields: Record<string, string> = {
  registration: 'registration',
  status: 'status',
  name: 'name',
  type: 'type',
  _id: '_id',
  _insertDate: '_insert_date',
  _insertUser: '_insert_user',
  _updateDate: '_update_date',
  _updateUser: '_update_user',
  _version: '_version',
};

/** How a value of each type is compared in SQL. */
export type SqlKind = 'text' | 'numeric' | 'boolean' | 'date' | 'timestamp' | 'json';
export const sqlKindOf: Record<FieldType, SqlKind> = {
  text: 'text',
  textarea: 'text',
  markdown: 'text',
  email: 'text',
  phone: 'text',
  iban: 'text',
  username: 'text',
  color: 'text',
  number: 'numeric',
  integer: 'numeric',
  percentage: 'numeric',
  currency: 'numeric',
  date: 'date',
  datetime: 'timestamp',
  boolean: 'boolean',
  select: 'text',
  link: 'text',
  list: 'json',
  object: 'json',
  json: 'json',
};

/** A field path resolved against a declaration. */
export type ResolvedPath =
  /** A column, or a value at a fixed path inside `data`. */
  | {
      kind: 'value';
      field: FieldDef;
      sqlKind: SqlKind;
      text: RawBuilder<string>;
      typed: RawBuilder<unknown>;
      column: boolean;
      parts: string[];
    }
  /** A field of the items of a list (`assets.assetRegistration`): matched by containment. */
  | { kind: 'item'; field: FieldDef; list: string[]; item: string[] };

/** Resolves a dotted path (`organization.name`, `assets.assetRegistration`, `quotations.0.rate`), or undefined when not declared. */
export function resolvePath(entity: Entity, path: string): ResolvedPath | undefined {
  const parts = path.split('.');
  // Names come from the query string: only own properties are fields (`constructor` is not).
  if (parts.length === 1 && Object.hasOwn(columnFields, path)) {
    const field = ownField(entity.fields, path) ?? ownField(auditFields, path);
    if (!field) return undefined;
    const col = sql.ref(columnFields[path]);
    return {
      kind: 'value',
      field,
      sqlKind: sqlKindOf[field.type],
      text: sql<string>`${col}::text`,
      typed: col,
      column: true,
      parts: [path],
    };
  }
  let fields: Record<string, FieldDef> | undefined = entity.fields;
  for (let i = 0; i < parts.length; i++) {
    const field = ownField(fields, parts[i]);
    if (!field) return undefined;
    if (i === parts.length - 1) {
      const text = dataText(parts);
      const sqlKind = sqlKindOf[field.type];
      return { kind: 'value', field, sqlKind, text, typed: typedCast[sqlKind](text), column: false, parts };
    }
    if (field.type === 'list' && /^\d+$/.test(parts[i + 1] ?? '')) {
      // `quotations.0.rate`: one item at a fixed position is a plain value path.
      if (i + 1 === parts.length - 1) return undefined;
      fields = field.fields;
      i++;
      continue;
    }
    if (field.type === 'list') {
      const rest = parts.slice(i + 1);
      const item = resolveFields(field.fields, rest);
      return item ? { kind: 'item', field: item, list: parts.slice(0, i + 1), item: rest } : undefined;
    }
    if (field.type !== 'object') return undefined;
    fields = field.fields;
  }
  return undefined;
}

function resolveFields(fields: Record<string, FieldDef> | undefined, parts: string[]): FieldDef | undefined {
  let field: FieldDef | undefined;
  for (const part of parts) {
    field = ownField(fields, part);
    if (!field) return undefined;
    fields = field.fields;
  }
  return field && field.type !== 'list' ? field : undefined;
}

/** The declared field of that name, never an inherited property of the object. */
export function ownField(fields: Record<string, FieldDef> | undefined, name: string): FieldDef | undefined {
  return fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
}

/** The text at a fixed path of `data`; the same expression the generated indexes use. */
export function dataText(parts: string[]): RawBuilder<string> {
  return parts.length === 1
    ? sql<string>`(data ->> ${sql.lit(parts[0])})`
    : sql<string>`(data #>> ${sql.lit(`{${parts.join(',')}}`)})`;
}

/** Casts that make ranges and sorts compare numbers as numbers; ISO dates compare as text. */
const typedCast: Record<SqlKind, (text: RawBuilder<string>) => RawBuilder<unknown>> = {
  text: (t) => t,
  date: (t) => t,
  timestamp: (t) => t,
  json: (t) => t,
  // numeric_value (db/migrations/0001_core.ts) rather than a cast: it cannot fail, so its index serves under row-level security.
  numeric: (t) => sql`numeric_value(${t})`,
  boolean: (t) => sql`(${t})::boolean`,
};
