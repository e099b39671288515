import type { FieldType } from '../fields.ts';

/**
 * What a request may carry, declared once for the server and documented in docs/api.md.
 * Past any of these, the request is refused with a catalogue error naming the field;
 * nothing reaches the database.
 */
export const inputLimits = {
  /** Bytes of a JSON request body (uploads have their own limit). */
  bodyBytes: 10 * 1024 * 1024,
  /** Nesting of arrays and objects in a JSON body, counted at parse time. */
  depth: 32,
  /** Items of a `list` or multi-`select` field. */
  listItems: 5_000,
  /** Characters of a path parameter (an id or a registration). */
  pathParameter: 200,
} as const;

/**
 * Characters of a text value per field type. Short types may be indexed (registration, name,
 * filters): 500 characters of up to 4 UTF-8 bytes stay within PostgreSQL's index row limit.
 * A declaration's own `max` is checked as well. Undefined: the type holds no text.
 */
export const textLength: Record<FieldType, number | undefined> = {
  text: 500,
  email: 254,
  phone: 50,
  iban: 50,
  username: 254,
  color: 50,
  select: 200,
  link: 200,
  textarea: 100_000,
  markdown: 100_000,
  number: undefined,
  integer: undefined,
  percentage: undefined,
  currency: undefined,
  date: undefined,
  datetime: undefined,
  boolean: undefined,
  list: undefined,
  object: undefined,
  // Free JSON: bounded by the body size and depth.
  json: undefined,
};

/**
 * Undeclared properties a document may still carry: `props_{field}`, the per-field display
 * flags of spec 002 §3 (companion metadata), for a declared field.
 */
export const PROPS_PREFIX = 'props_';

/**
 * Money a request may carry (an amount, a limit, a target): a finite number of at most
 * `maxAmount` either way, with at most `maxDecimals` decimals (TND's 3, the most of the product's
 * currencies, spec 000 §9); the operation then holds it to its currency's own decimals. Within
 * these bounds an amount in minor units stays an exact integer, and so do sums of thousands of them.
 */
export const moneyLimits = { maxAmount: 999_999_999_999.99, maxDecimals: 3 } as const;

/** Whether `value` is money within `moneyLimits`, with at most `decimals` decimals. */
export function isMoneyAmount(value: number, decimals: number = moneyLimits.maxDecimals): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > moneyLimits.maxAmount) return false;
  // The number nearest a decimal of that many decimals, as JSON reads one.
  return Number(value.toFixed(decimals)) === value;
}
