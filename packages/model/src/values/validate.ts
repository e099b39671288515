import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { FieldDef, FieldType } from '../fields.ts';
import { ApiError } from '../errors.ts';
import { dayIn, parseDateValue } from './dates.ts';

/**
 * Checks a document against the declared fields and returns it normalised (dates as
 * YYYY-MM-DD, datetimes as UTC ISO strings, IBANs without spaces). The first problem
 * throws the catalogue error naming the field path (`persons[1].role`).
 * Undeclared properties are kept: tenants extend documents with their own fields.
 */
export interface ValidateOptions {
  /** Mandatory fields must be present (create and replace, not patch). */
  requireMandatory: boolean;
  /** Time zone in which an instant sent for a date field is read as a day. */
  timeZone?: string;
}

type Check = (value: unknown, field: FieldDef, path: string, options: ValidateOptions) => unknown;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function textOf(value: unknown, field: FieldDef, path: string): string {
  if (typeof value !== 'string') throw new ApiError('INVALID_STRING_FIELD', [path]);
  if (value.includes('\u0000')) throw new ApiError('INVALID_FIELD_VALUE', ['(text with a NUL character)', path]);
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

const checks: Record<FieldType, Check> = {
  text, textarea: text, phone: text, color: text, username: text,
  email: (v, f, p) => {
    const s = textOf(v, f, p);
    if (s !== '' && !emailPattern.test(s)) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(s), p]);
    return s;
  },
  iban: (v, f, p) => {
    const s = electronicFormatIBAN(textOf(v, f, p)) ?? '';
    if (s !== '' && !isValidIBAN(s)) throw new ApiError('INVALID_IBAN', [JSON.stringify(v), p]);
    return s;
  },
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
  select: (v, f, p) => {
    if (!f.multiple) return textOf(v, f, p);
    if (!Array.isArray(v)) throw new ApiError('INVALID_ARRAY_FIELD', [p]);
    return v.map((item, i) => textOf(item, { type: "text" }, `${p}[${i}]`));
  },
  link: (v, f, p) => {
    const s = textOf(v, f, p);
    if (s.length > 200) throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(s.slice(0, 20)), p]);
    return s;
  },
  list: (v, f, p, o) => {
    if (!Array.isArray(v)) throw new ApiError('INVALID_ARRAY_FIELD', [p]);
    return v.map((item, i) => {
      if (!isObject(item)) throw new ApiError('INVALID_OBJECT_FIELD', [`${p}[${i}]`]);
      return validateFields(item, f.fields ?? {}, `${p}[${i}].`, { ...o, requireMandatory: true });
    });
  },
  object: (v, f, p, o) => {
    if (!isObject(v)) throw new ApiError('INVALID_OBJECT_FIELD', [p]);
    return validateFields(v, f.fields ?? {}, `${p}.`, o);
  },
  json: (v) => v,
};

/** Validates the declared fields of `doc`; `prefix` names nested paths. */
export function validateFields(doc: Record<string, unknown>, fields: Record<string, FieldDef>, prefix: string, options: ValidateOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  for (const [name, field] of Object.entries(fields)) {
    const value = doc[name];
    const path = `${prefix}${name}`;
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (options.requireMandatory && field.mandatory) throw new ApiError('MISSING_FIELD_IN_BODY', [path]);
      continue;
    }
    out[name] = checks[field.type](value, field, path, options);
  }
  return out;
}

export { isObject };
