import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { inputLimits, isMoneyAmount, moneyLimits } from '../values/limits.ts';
import { refusing } from './refusals.ts';

/**
 * The values hand-written routes read (amounts, days, months, registrations), as zod schemas
 * whose refusals name the catalogue's error. These schemas never transform: the server hands a
 * route what the client sent, checked, so what a schema accepts is what the handler reads.
 */

/** A given but wrong value is refused with `code`; an absent one stays a missing field. */
export const refusedAs =
  (code: ErrorCode, why?: string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined || issue.input === null ? undefined : refusing(code, why);

/**
 * An amount of money: a number within the money bounds (`moneyLimits`), with at most 3 decimals.
 * `positive`: above 0 (else INVALID_POSITIVE_NUMBER_FIELD); `zeroOrMore`: 0 or above.
 */
export function moneyAmount(sign: 'positive' | 'zeroOrMore' | 'any' = 'any') {
  const typeCode: ErrorCode = sign === 'positive' ? 'INVALID_POSITIVE_NUMBER_FIELD' : 'INVALID_NUMBER_FIELD';
  const bounds = `at most ${moneyLimits.maxAmount} with at most ${moneyLimits.maxDecimals} decimals`;
  return z
    .number({ error: refusedAs(typeCode) })
    .refine((value) => sign !== 'positive' || value > 0, { error: refusing(typeCode) })
    .refine((value) => sign !== 'zeroOrMore' || value >= 0, { error: refusing('INVALID_FIELD_VALUE') })
    .refine((value) => isMoneyAmount(value), { error: refusing('INVALID_FIELD_VALUE') })
    .describe(
      sign === 'positive'
        ? `above 0, ${bounds}`
        : sign === 'zeroOrMore'
          ? `0 or more, ${bounds}`
          : `${bounds} either way`,
    );
}

const validDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/** A day, YYYY-MM-DD, that exists. */
export const isoDay = z
  .string({ error: refusedAs('INVALID_DATE_FIELD') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: refusing('INVALID_DATE_FIELD') })
  .refine(validDay, { error: refusing('INVALID_DATE_FIELD') })
  .describe('YYYY-MM-DD');

/** A month, YYYY-MM. */
export const isoMonth = z
  .string({ error: refusedAs('INVALID_FIELD_VALUE') })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: refusing('INVALID_FIELD_VALUE') })
  .describe('YYYY-MM');

/** The registration (or `_id`) of a record, as a body or a path names it. */
export const registration = z.string().min(1).max(inputLimits.pathParameter);

/** `true` or `false` in a query. */
export const queryFlag = z.enum(['true', 'false']);

/** `true`/`false` or `1`/`0` in a query, as older clients send them. */
export const queryBit = z.enum(['true', 'false', '1', '0']);

/** A record's path: `…/{id}`. */
export const idParams = z.strictObject({ id: registration.describe('registration (or _id) of the record') });

/** A request without a body, or an empty one: anything it carries is refused, naming the field. */
export const noBody = z.strictObject({}).optional().describe('No body');
