import { z } from 'zod';
import type { Entity } from '../entity.ts';
import type { FieldDef, FieldType } from '../fields.ts';
import type { FilterDef } from '../search.ts';
import { auditFields } from '../entity-registry.ts';
import { fieldAt } from '../field-at.ts';
import { inputLimits, textLength } from '../values/limits.ts';
import { refusing } from './refusals.ts';

/**
 * The zod schemas of every kind, derived from its declaration: what its routes accept (bodies
 * and list queries) and answer (records). Fastify validates requests with them
 * (server/src/http/schemas.ts), the OpenAPI document is generated from them, and the model's
 * value checks (`values/validate.ts`) add what a schema cannot say: the tenant's lists and
 * extension fields, checksums of IBANs and identifiers, the stored form of phones and dates.
 */

/** The catalogue code of a type mismatch, carried on the schema so that a refusal names it. */
export type TypeRefusal =
  | 'INVALID_STRING_FIELD'
  | 'INVALID_NUMBER_FIELD'
  | 'INVALID_INTEGER_FIELD'
  | 'INVALID_BOOLEAN_FIELD'
  | 'INVALID_ARRAY_FIELD'
  | 'INVALID_OBJECT_FIELD'
  | 'INVALID_DATE_FIELD';

const formats: Partial<Record<FieldType, string>> = {
  email: 'email',
  phone: 'phone (E.164 once stored)',
  iban: 'IBAN',
  username: 'username',
  date: "date (YYYY-MM-DD; an instant is read in the user's time zone)",
  datetime: 'date-time (ISO 8601)',
  markdown: 'Markdown text',
  link: 'registration of the linked record',
};

const describe = <T extends z.ZodType>(schema: T, field: FieldDef, extra?: string): T => {
  const parts = [
    field.label,
    formats[field.type],
    field.list ? `a value of the list ${field.list}` : undefined,
    extra,
    field.readOnly ? 'written by the server' : undefined,
  ].filter(Boolean);
  return parts.length ? schema.describe(parts.join('; ')) : schema;
};

const textSchema = (field: FieldDef): z.ZodType => {
  const limit = textLength[field.type];
  return limit === undefined ? z.string() : z.string().max(limit);
};

const numberSchema = (field: FieldDef, integer = false): z.ZodType => {
  // An integer field refuses any other value as not an integer, as the value checks do.
  let schema = integer
    ? z
        .number({
          error: (issue) =>
            issue.code === 'invalid_type' && issue.input !== undefined ? refusing('INVALID_INTEGER_FIELD') : undefined,
        })
        .int()
    : z.number();
  if (field.min !== undefined) schema = schema.min(field.min);
  if (field.max !== undefined) schema = schema.max(field.max);
  return schema;
};

/** The schema of a field's value as the API accepts and answers it (nulls and '' are empty values, below). */
function valueSchema(field: FieldDef): z.ZodType {
  const items = (fields: Record<string, FieldDef>) =>
    z.looseObject(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, optionalField(f)])));
  const byType: Record<FieldType, () => z.ZodType> = {
    text: () => textSchema(field),
    textarea: () => textSchema(field),
    markdown: () => textSchema(field),
    color: () => textSchema(field),
    email: () => textSchema(field),
    phone: () => textSchema(field),
    iban: () => textSchema(field),
    username: () => textSchema(field),
    link: () => textSchema(field),
    date: () => z.string(),
    datetime: () => z.string(),
    number: () => numberSchema(field),
    percentage: () => numberSchema(field),
    currency: () => numberSchema(field),
    integer: () => numberSchema(field, true),
    boolean: () => z.boolean(),
    select: () => (field.multiple ? z.array(textSchema(field)).max(inputLimits.listItems) : textSchema(field)),
    list: () => z.array(items(field.fields ?? {})).max(inputLimits.listItems),
    object: () => items(field.fields ?? {}),
    json: () => z.unknown(),
  };
  return describe(byType[field.type](), field);
}

/** An absent or empty value: the API treats null and '' as no value. */
const emptyValue = z.union([z.null(), z.literal('')]);

/** A field that may be left out or emptied. */
const optionalField = (field: FieldDef): z.ZodType =>
  field.type === 'json' ? valueSchema(field).optional() : z.union([valueSchema(field), emptyValue]).optional();

/** A body's shape for one kind: `create` and `replace` ask for the mandatory fields, `merge` for none. */
export type BodyMode = 'create' | 'replace' | 'merge';

const memo = new WeakMap<Entity, Map<string, z.ZodType>>();
function cached(entity: Entity, key: string, build: () => z.ZodType): z.ZodType {
  let byKey = memo.get(entity);
  if (!byKey) memo.set(entity, (byKey = new Map()));
  let schema = byKey.get(key);
  if (!schema) byKey.set(key, (schema = build()));
  return schema;
}

/**
 * The body of a write. Loose: the tenant's extension fields and `props_` flags are the value
 * checks' to judge, and so are empty mandatory values (whose refusal names the field the same way).
 */
export const bodySchema = (entity: Entity, mode: BodyMode): z.ZodType =>
  cached(entity, `body-${mode}`, () => {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, field] of Object.entries(entity.fields)) {
      const required = mode === 'create' && field.mandatory && !field.readOnly;
      shape[name] = required ? z.union([valueSchema(field), emptyValue]) : optionalField(field);
    }
    return z
      .looseObject(shape)
      .describe(`${entity.name} (${mode === 'merge' ? 'the fields to change' : 'the whole record'})`);
  });

/** A record as the API answers it: the declared fields and the audit columns. */
export const recordSchema = (entity: Entity): z.ZodType =>
  cached(entity, 'record', () => {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, field] of Object.entries({ ...auditFields, ...entity.fields }))
      shape[name] = field.type === 'json' ? z.unknown().optional() : z.union([valueSchema(field), z.null()]).optional();
    return z.looseObject(shape).describe(entity.description ?? entity.name);
  });

/**
 * A query parameter: a text, or several when it is repeated (read as one comma list). The list
 * compiler judges the values (docs/api.md); the schema says what each parameter means.
 */
const queryValue = z.union([z.string(), z.array(z.string())]);

/** What a filter reads: its parameters as the list grammar names them (docs/api.md). */
function filterParameters(entity: Entity, filter: FilterDef): Record<string, z.ZodType> {
  const capital = filter.name[0].toUpperCase() + filter.name.slice(1);
  const dated = ['date', 'datetime'].includes(fieldAt(entity, filter.field ?? filter.name)?.type ?? '');
  const describeAs = (text: string) => queryValue.optional().describe(text);
  switch (filter.kind) {
    case 'range':
      return dated
        ? {
            [`from${capital}`]: describeAs(`${filter.name} on or after this day (YYYYMMDD)`),
            [`to${capital}`]: describeAs(`${filter.name} on or before this day (YYYYMMDD)`),
          }
        : {
            [`min${capital}`]: describeAs(`${filter.name} at least`),
            [`max${capital}`]: describeAs(`${filter.name} at most`),
          };
    case 'regex':
      return {
        [filter.name]: describeAs(
          `${filter.field ?? filter.name} matches this case-insensitive pattern${filter.anchored ? ' from its start' : ''}`,
        ),
      };
    case 'person':
      return {
        [filter.name]: describeAs(
          `persons with role ${filter.roles?.join(' or ')} among these registrations (comma separated)`,
        ),
      };
    default:
      return {
        [filter.name]: describeAs(
          `${filter.field ?? filter.name} is one of these values (comma separated; -value excludes)`,
        ),
      };
  }
}

/** The list grammar's own parameters (docs/api.md), the same for every kind. */
export const listGrammar: Record<string, z.ZodType> = {
  range: queryValue.optional().describe('rows [start-end], at most 250 (default [0-19])'),
  sort: queryValue.optional().describe('a sortable field, -field for descending'),
  projection: queryValue.optional().describe('the fields to answer, comma separated'),
  include: queryValue.optional().describe('linked records to answer beside their registration (persons, …)'),
  breakdown: queryValue.optional().describe('fields whose values are counted over the whole result'),
  search: queryValue.optional().describe("words found in the record's searchable texts"),
  count: queryValue.optional().describe('true: the exact count of matching records in pagination-size'),
};

/**
 * The query of a kind's list: the grammar's parameters and its declared filters. Loose, as any
 * field path may be filtered by equality (`address.city=Paris`); the list compiler refuses unknown ones.
 */
export const listQuerySchema = (entity: Entity): z.ZodType<ListQuery> =>
  cached(entity, 'list-query', () =>
    z.looseObject({ ...listGrammar, ...Object.assign({}, ...entity.filters.map((f) => filterParameters(entity, f))) }),
  ) as z.ZodType<ListQuery>;

/** A query as the server reads it: each parameter a text, or several when repeated. */
export type ListQuery = Record<string, string | string[] | undefined>;

/** The query of a read: linked records and the fields to answer. */
export const readQuerySchema = z.looseObject({
  include: listGrammar.include,
  projection: listGrammar.projection,
}) as z.ZodType<ListQuery>;

/** Path parameters of a record's routes. */
export const recordParams = z.object({
  id: z.string().min(1).max(inputLimits.pathParameter).describe('registration (or _id) of the record'),
});

/** Every answer's error body (spec 000 §8): `error` is `status|CODE|message`. */
export const errorSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    error: z.string().describe('status|CODE|message, the message naming the field'),
  })
  .describe('An error of the catalogue (spec 000 §8)');
