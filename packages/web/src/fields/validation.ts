import { EMAIL_INVALID, isEmail, USERNAME_INVALID, valueVerdict, type ValueType } from '@lbo/model/values/value-rules';
import { IBAN_INVALID } from '@lbo/model/values/identifiers/bank-ids';
import { PHONE_INVALID, phoneCountryOfLocale } from '@lbo/model/values/phones';
import { fillEnglish } from '../i18n/i18n.ts';
import { formatCurrency, formatDate, formatNumber, formatPercentage } from '../i18n/formats.ts';
import type { FormField, FormFieldType } from './form-field.ts';
import { isInvalidInput } from './parse.ts';

/**
 * Field validation of spec 000 §5, messages word for word. A mandatory field says so only
 * once touched (submit touches every field); the other rules apply to any non-empty value.
 * Emails, usernames, phones and IBANs are judged by the model's rules (`values/value-rules.ts`),
 * the ones the server applies.
 */
export interface ValidationContext {
  locale: string;
  /** Tenant of the signed-in user, for usernames. */
  tenant?: string;
  /** Country of phones held in their local form; the locale's region by default. */
  country?: string;
  /** Translation of a message (English by default). */
  translate?: (key: string, values: Record<string, unknown>) => string;
}

export const messages = {
  mandatory: '{label} is mandatory',
  min: '{label} must be ≥ {min}',
  max: '{label} must be ≤ {max}',
  minLength: '{label} length must be ≥ {min}',
  maxLength: '{label} length must be ≤ {max}',
  number: '{label} has to be a number',
  integer: '{label} has to be an integer',
  date: 'Invalid date',
  email: EMAIL_INVALID,
  username: USERNAME_INVALID,
  format: PHONE_INVALID,
  iban: IBAN_INVALID,
} as const;

export { isEmail };

type Message = { key: string; values?: Record<string, unknown> } | undefined;
type Check = (field: FormField, value: unknown, ctx: ValidationContext) => Message;

export const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const urlPattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** A bound as the field shows its values: percentage, currency, date or number. */
function formatBound(field: FormField, bound: number, locale: string): string {
  if (field.type === 'percentage') return formatPercentage(bound, locale);
  if (field.type === 'currency') return formatCurrency(bound, field.currency, locale);
  return formatNumber(bound, locale);
}

function bounds(field: FormField, value: number, locale: string): Message {
  if (field.min !== undefined && value < field.min)
    return { key: messages.min, values: { min: formatBound(field, field.min, locale) } };
  if (field.max !== undefined && value > field.max)
    return { key: messages.max, values: { max: formatBound(field, field.max, locale) } };
  return undefined;
}

const numeric: Check = (field, value, ctx) =>
  typeof value !== 'number' || Number.isNaN(value) ? { key: messages.number } : bounds(field, value, ctx.locale);

const text: Check = (field, value) => {
  if (typeof value !== 'string') return undefined;
  const length = value.trim().length;
  if (field.min !== undefined && length < field.min) return { key: messages.minLength, values: { min: field.min } };
  if (field.max !== undefined && length > field.max) return { key: messages.maxLength, values: { max: field.max } };
  if (field.format === 'uuid' && !uuidPattern.test(value.trim())) return { key: messages.format };
  if (field.format === 'url' && !urlPattern.test(value.trim())) return { key: messages.format };
  if (field.pattern && !new RegExp(field.pattern).test(value)) return { key: messages.format };
  return undefined;
};

const date: Check = (field, value, ctx) => {
  if (isInvalidInput(value)) return { key: messages.date };
  const day = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  if (field.min !== undefined || field.max !== undefined) {
    const time = Date.parse(day);
    if (field.min !== undefined && time < field.min)
      return { key: messages.min, values: { min: formatDate(new Date(field.min), ctx.locale) } };
    if (field.max !== undefined && time > field.max)
      return { key: messages.max, values: { max: formatDate(new Date(field.max), ctx.locale) } };
  }
  return undefined;
};

const none: Check = () => undefined;

/** A value with a model rule; a phone the phone field could not read is kept as an InvalidInput. */
const ruled =
  (type: ValueType): Check =>
  (field, value, ctx) => {
    if (isInvalidInput(value)) return { key: messages[type === 'phone' ? 'format' : type] };
    if (typeof value !== 'string') return undefined;
    const verdict = valueVerdict(type, value, {
      tenant: ctx.tenant,
      country: ctx.country ?? phoneCountryOfLocale(ctx.locale),
    });
    return verdict.valid ? text(field, value, ctx) : { key: verdict.message, values: verdict.values };
  };
const email = ruled('email');

const checks: Record<FormFieldType, Check> = {
  text,
  password: text,
  textarea: text,
  markdown: text,
  richtext: text,
  color: none,
  number: numeric,
  currency: numeric,
  slider: numeric,
  percentage: numeric,
  integer: (field, value, ctx) =>
    typeof value !== 'number' || !Number.isInteger(value)
      ? { key: messages.integer }
      : bounds(field, value, ctx.locale),
  date,
  datetime: date,
  email,
  emails: (field, value, ctx) =>
    Array.isArray(value) ? value.map((item) => email(field, String(item), ctx)).find(Boolean) : undefined,
  username: ruled('username'),
  phone: ruled('phone'),
  iban: ruled('iban'),
  checkbox: none,
  switch: none,
  radio: none,
  select: none,
  file: none,
  files: none,
  address: none,
  notice: none,
  link: text,
  list: none,
  object: none,
  json: (_field, value) => (isInvalidInput(value) ? { key: messages.format } : undefined),
};

/** The message of a field's value, or undefined when it is valid. */
export function fieldError(
  field: FormField,
  value: unknown,
  touched: boolean,
  ctx: ValidationContext,
): string | undefined {
  const translate = ctx.translate ?? fillEnglish;
  if (isEmpty(value))
    return field.mandatory && touched ? translate(messages.mandatory, { label: field.label }) : undefined;
  const check = checks[field.type as FormFieldType];
  const message = check?.(field, value, ctx);
  return message ? translate(message.key, { label: field.label, ...message.values }) : undefined;
}

/** The counter of a text with a maximum length: `12/50 (Min: 3)`. */
export function lengthCounter(field: FormField, value: unknown): string | undefined {
  if (field.max === undefined || !['text', 'password', 'textarea'].includes(field.type)) return undefined;
  const count = typeof value === 'string' ? value.trim().length : 0;
  return `${count}/${field.max}${field.min !== undefined ? ` (Min: ${field.min})` : ''}`;
}

/** Upper- and lower-case options convert text as it is typed. */
export function caseOf(field: FormField, value: string): string {
  if (field.upperCase) return value.toUpperCase();
  if (field.lowerCase) return value.toLowerCase();
  return value;
}

/** Spec 000 §5: a file larger than the maximum, or with an extension not accepted. */
export interface FileRules {
  /** Bytes; MB is 1048576 bytes. */
  maxSize?: number;
  /** Accepted extensions without dot; any when absent. */
  accepted?: string[];
}

const sizeText = (bytes: number) =>
  bytes >= 1048576 ? `${Math.round((bytes / 1048576) * 10) / 10}MB` : `${Math.round(bytes / 1024)}KB`;

export function fileProblem(
  file: { name: string; size: number },
  rules: FileRules,
): { key: string; values: Record<string, unknown> } | undefined {
  if (rules.maxSize !== undefined && file.size > rules.maxSize)
    return { key: 'File too large. Max size {size}', values: { size: sizeText(rules.maxSize) } };
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (rules.accepted && !rules.accepted.includes(ext)) {
    return {
      key: 'Forbidden document extension "{ext}". Accepted formats: {list}',
      values: { ext, list: rules.accepted.join(', ') },
    };
  }
  return undefined;
}
