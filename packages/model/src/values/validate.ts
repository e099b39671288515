import type { FieldDef, FieldType } from '../fields.ts';
import { ApiError } from '../errors.ts';
import { dayIn, parseDateValue } from './dates.ts';
import { inputLimits, PROPS_PREFIX, textLength } from './limits.ts';
import { refusalText, valueVerdict, type ValueType } from './value-rules.ts';

/**
 * Checks a document against the declared fields and returns it normalised (dates as
 * YYYY-MM-DD, datetimes as UTC ISO strings, IBANs without spaces, phones in E.164). The first problem
 * throws the catalogue error naming the field path (`persons[1].role`). Texts and lists are
 * bounded by `values/limits.ts`. Undeclared properties are kept unless `refuseUnknown`.
 */
export interface ValidateOptions {
  /** Mandatory fields must be present (create and replace, not patch). */
  requireMandatory: boolean;
  /** Time zone in which an instant sent for a date field is read as a day. */
  timeZone?: string;
  /**
   * Undeclared properties answer `INVALID_FIELD_IN_BODY`, except `props_{declared field}`
   * flags and the extension fields below.
   */
  refuseUnknown?: boolean;
  /** Fields a tenant adds to a list or object, by its path without indices (`contacts`). */
  extensions?: Record<string, Record<string, FieldDef>>;
  /** Tenant of the caller: usernames then end with `@{tenant}` (or are emails). */
  tenant?: string;
  /** Country of phones sent in their local form; without it a phone must be international. */
  phoneCountry?: string;
  /** The values of a reference list as the tenant sees it; undefined when the list is unknown (then unchecked). */
  listValues?: (list: string) => ReadonlySet<string> | undefined;
}

/** `shape` is the field's path without list indices (`contacts.department`), as extensions name it. */
type Check = (value: unknown, field: FieldDef, path: string, options: ValidateOptions, shape: string) => unknown;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function textOf(value: unknown, field: FieldDef, path: string): string {
  if (typeof value !== 'string') throw new ApiError('INVALID_STRING_FIELD', [path]);
  if (value.includes('\u0000')) throw new ApiError('INVALID_FIELD_VALUE', ['(text with a NUL character)', path]);
  const limit = textLength[field.type];
  if (limit !== undefined && value.length > limit)
    throw new ApiError('INVALID_FIELD_VALUE', [`(${value.length} characters, at most ${limit})`, path]);
  const length = value.trim().length;
  if ((field.min !== undefined && length < field.min) || (field.max !== undefined && length > field.max)) {
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value), path]);
  }
  return value;
}

function numberOf(value: unknown, field: FieldDef, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ApiError('INVALID_NUMBER_FIELD', [path]);
  if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) {
    throw new ApiError('INVALID_FIELD_VALUE', [value, path]);
  }
  return value;
}

const text: Check = (v, f, p) => textOf(v, f, p);

/** A value of a type with a shared rule (`values/value-rules.ts`): refused with the spec's message as `reason`, kept in its stored form. */
const ruled =
  (type: ValueType): Check =>
  (v, f, p, o) => {
    const s = textOf(v, f, p);
    const verdict = valueVerdict(type, s, { tenant: o.tenant, country: o.phoneCountry });
    if (verdict.valid) return verdict.value;
    throw new ApiError(type === 'iban' ? 'INVALID_IBAN' : 'INVALID_FIELD_VALUE', [JSON.stringify(s), p], {
      reason: refusalText(verdict),
    });
  };

const checks: Record<FieldType, Check> = {
  text,
  textarea: text,
  markdown: text,
  color: text,
  email: ruled('email'),
  username: ruled('username'),
  phone: ruled('phone'),
  iban: ruled('iban'),
  number: (v, f, p) => numberOf(v, f, p),
  percentage: (v, f, p) => numberOf(v, f, p),
  currency: (v, f, p) => numberOf(v, f, p),
  integer: (v, f, p) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new ApiError('INVALID_INTEGER_FIELD', [p]);
    return numberOf(v, f, p);
  },
  date: (v, _f, p, o) => {
    const parsed = typeof v === 'string' ? parseDateValue(v) : undefined;
    if (!parsed) throw new ApiError('INVALID_DATE_FIELD', [p]);
    return 'day' in parsed ? parsed.day : dayIn(parsed.instant, o.timeZone ?? 'UTC');
  },
  datetime: (v, _f, p) => {
    const parsed = typeof v === 'string' ? parseDateValue(v) : undefined;
    if (!parsed) throw new ApiError('INVALID_DATE_FIELD', [p]);
    return ('day' in parsed ? new Date(`${parsed.day}T00:00:00Z`) : parsed.instant).toISOString();
  },
  boolean: (v, _f, p) => {
    if (typeof v !== 'boolean') throw new ApiError('INVALID_BOOLEAN_FIELD', [p]);
    return v;
  },
  select: (v, f, p, o) => {
    if (!f.multiple) return listed(textOf(v, f, p), f, p, o);
    if (!Array.isArray(v)) throw new ApiError('INVALID_ARRAY_FIELD', [p]);
    boundedList(v, p);
    return v.map((item, i) => listed(textOf(item, { type: 'select' }, `${p}[${i}]`), f, `${p}[${i}]`, o));
  },
  link: (v, f, p) => {
    const s = textOf(v, f, p);
    if (s.length > 200) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(s.slice(0, 20)), p]);
    return s;
  },
  list: (v, f, p, o, shape) => {
    if (!Array.isArray(v)) throw new ApiError('INVALID_ARRAY_FIELD', [p]);
    boundedList(v, p);
    const included = includedKey(f);
    return v.map((item, i) => {
      if (!isObject(item)) throw new ApiError('INVALID_OBJECT_FIELD', [`${p}[${i}]`]);
      // The record `include=` put beside a link (`persons[].person`) may come back: it is not stored.
      const own = included && Object.hasOwn(item, included) ? withoutKey(item, included) : item;
      return validateIn(own, f.fields ?? {}, `${p}[${i}].`, `${shape}.`, { ...o, requireMandatory: true });
    });
  },
  object: (v, f, p, o, shape) => {
    if (!isObject(v)) throw new ApiError('INVALID_OBJECT_FIELD', [p]);
    return validateIn(v, f.fields ?? {}, `${p}.`, `${shape}.`, o);
  },
  json: (v) => v,
};

/** A select value must be in its reference list as the tenant sees it; server-written fields (status) are not the client's. */
function listed(value: string, field: FieldDef, path: string, options: ValidateOptions): string {
  if (field.readOnly || !field.list || value === '') return value;
  const allowed = options.listValues?.(field.list);
  if (allowed && !allowed.has(value)) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value), path]);
  return value;
}

/** Fields whose value is an array, where an empty one means no value. */
const holdsArray = (field: FieldDef) =>
  field.type === 'list' || field.type === 'json' || (field.type === 'select' && Boolean(field.multiple));

function boundedList(items: unknown[], path: string) {
  if (items.length > inputLimits.listItems)
    throw new ApiError('INVALID_FIELD_VALUE', [`(${items.length} items, at most ${inputLimits.listItems})`, path]);
}

/** The key `include=` answers beside an item's link: the linked kind's name in camelCase (`person`). */
function includedKey(list: FieldDef): string | undefined {
  const link = Object.values(list.fields ?? {}).find((f) => f.type === 'link' && f.entity);
  return link ? link.entity![0].toLowerCase() + link.entity!.slice(1) : undefined;
}

function withoutKey(doc: Record<string, unknown>, key: string): Record<string, unknown> {
  const out = { ...doc };
  delete out[key];
  return out;
}

/** The first property of `doc` that neither the declaration, a `props_` flag nor a tenant extension allows. */
function unknownProperty(
  doc: Record<string, unknown>,
  fields: Record<string, FieldDef>,
  extension: Record<string, FieldDef> | undefined,
): string | undefined {
  for (const key of Object.keys(doc)) {
    if (Object.hasOwn(fields, key) || (extension && Object.hasOwn(extension, key))) continue;
    if (key.startsWith(PROPS_PREFIX) && Object.hasOwn(fields, key.slice(PROPS_PREFIX.length))) {
      const flags = doc[key];
      if (flags === null || isObject(flags)) continue;
    }
    return key;
  }
  return undefined;
}

/** Validates the declared fields of `doc`; `prefix` names nested paths. */
export function validateFields(
  doc: Record<string, unknown>,
  fields: Record<string, FieldDef>,
  prefix: string,
  options: ValidateOptions,
): Record<string, unknown> {
  return validateIn(doc, fields, prefix, '', options);
}

function validateIn(
  doc: Record<string, unknown>,
  fields: Record<string, FieldDef>,
  prefix: string,
  shapePrefix: string,
  options: ValidateOptions,
): Record<string, unknown> {
  const extension = options.extensions?.[shapePrefix.slice(0, -1)];
  const all = extension ? { ...extension, ...fields } : fields;
  if (options.refuseUnknown) {
    const unknown = unknownProperty(doc, fields, extension);
    if (unknown !== undefined) throw new ApiError('INVALID_FIELD_IN_BODY', [`${prefix}${unknown}`]);
  }
  const out: Record<string, unknown> = { ...doc };
  for (const [name, field] of Object.entries(all)) {
    const value = Object.hasOwn(doc, name) ? doc[name] : undefined;
    const path = `${prefix}${name}`;
    const empty =
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0 && holdsArray(field));
    if (empty) {
      if (options.requireMandatory && field.mandatory) throw new ApiError('MISSING_FIELD_IN_BODY', [path]);
      // An emptied number, date or flag is no value: it is not kept as text.
      if (value === '' && textLength[field.type] === undefined && field.type !== 'json') out[name] = null;
      continue;
    }
    const check = Object.hasOwn(checks, field.type) ? checks[field.type] : undefined;
    // A tenant's extension field of an unknown type is kept as it is.
    out[name] = check ? check(value, field, path, options, `${shapePrefix}${name}`) : value;
  }
  return out;
}

export { isObject };
