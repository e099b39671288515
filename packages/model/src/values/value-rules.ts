import { checkIban, compactIban, IBAN_INVALID } from './identifiers/bank-ids.ts';
import { phoneNumberOf, PHONE_INVALID } from './phones.ts';

/**
 * One rule per value type of spec 000 §5 — email, username, phone, IBAN — run by the server on
 * every write (`values/validate.ts`) and by the web form while typing (`web/src/fields/validation.ts`),
 * so that both give the same verdict, the same message and store the same form.
 */
export interface ValueContext {
  /** Tenant of the signed-in user: usernames then end with `@{tenant}`. */
  tenant?: string;
  /** Country of a phone typed in its local form (the phone field's picker). */
  country?: string;
}

export type ValueVerdict =
  /** `value` is the form stored: trimmed, IBAN compact, phone in E.164. */
  | { valid: true; value: string }
  /** `message` is the spec's text with `{placeholders}` filled from `values` (translated on the web). */
  | { valid: false; message: string; values?: Record<string, string> };

export const EMAIL_INVALID = 'Email format should be "{email}"';
export const USERNAME_INVALID = 'Should be a valid email or a valid string ending with @{tenant}';
/** The example address the email message shows. */
export const EMAIL_EXAMPLE = 'name@example.com';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Letters (accented too), digits, dot, hyphen, underscore; exactly one at-sign, not at the end.
const namePattern = /^[\p{L}\p{N}._-]+@[\p{L}\p{N}._-]+$/u;

export const isEmail = (value: string) => emailPattern.test(value);

/**
 * Spec 000 §5: a username is a valid email, or a name made of letters, digits, dot, hyphen and
 * underscore with one at-sign not at the end — ending with `@{tenant}` when a tenant is given —
 * or, without a tenant, a number.
 */
export function isValidUsername(username: string, tenant?: string): boolean {
  if (username.length > 200 || username !== username.trim()) return false;
  if (isEmail(username)) return true;
  if (tenant === undefined) return namePattern.test(username) || /^\d+$/.test(username);
  return namePattern.test(username) && username.toLowerCase().endsWith(`@${tenant.toLowerCase()}`);
}

export type ValueType = 'email' | 'username' | 'phone' | 'iban';
type ValueRule = (value: string, context: ValueContext) => ValueVerdict;

export const valueRules: Record<ValueType, ValueRule> = {
  email: (value) => {
    const v = value.trim();
    return isEmail(v)
      ? { valid: true, value: v }
      : { valid: false, message: EMAIL_INVALID, values: { email: EMAIL_EXAMPLE } };
  },
  username: (value, { tenant }) => {
    const v = value.trim();
    return isValidUsername(v, tenant)
      ? { valid: true, value: v }
      : { valid: false, message: USERNAME_INVALID, values: { tenant: tenant ?? '' } };
  },
  phone: (value, { country }) => {
    const stored = phoneNumberOf(value, country);
    return stored ? { valid: true, value: stored } : { valid: false, message: PHONE_INVALID };
  },
  iban: (value) =>
    checkIban(value) === null ? { valid: true, value: compactIban(value) } : { valid: false, message: IBAN_INVALID },
};

/** The verdict of `value` for a field of `type`. */
export const valueVerdict = (type: ValueType, value: string, context: ValueContext = {}) =>
  valueRules[type](value, context);

/** The English text of a refusal (the server's `reason`). */
export const refusalText = (verdict: Extract<ValueVerdict, { valid: false }>) =>
  verdict.message.replace(/\{(\w+)\}/g, (_, key: string) => verdict.values?.[key] ?? '');
