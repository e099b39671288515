import { z } from 'zod';
import { errorCatalogue, type ErrorCode } from '../errors.ts';

/**
 * A schema names the catalogue error its refusal answers by its issue message: `CODE`, or
 * `CODE|why` for errors that say why (`INVALID_FIELD_IN_QUERY`). Without one, the server
 * derives the code from the kind of problem (a string expected: INVALID_STRING_FIELD, …).
 */
export const refusing = (code: ErrorCode, why?: string) => (why ? `${code}|${why}` : code);

/** The catalogue code and reason a schema's issue message names, if it names one. */
export function namedRefusal(message: string): { code: ErrorCode; why?: string } | undefined {
  const [code, why] = message.split(/\|(.*)/s, 2);
  return Object.hasOwn(errorCatalogue, code) ? { code: code as ErrorCode, why } : undefined;
}

/** A non-empty text of at most `max` characters (sign-in names, tokens): refused as such, or as missing when absent. */
export const nonEmptyText = (max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? undefined : refusing('INVALID_NON_EMPTY_STRING_FIELD'),
    })
    .refine((value) => value.trim() !== '', { error: refusing('INVALID_NON_EMPTY_STRING_FIELD') })
    .refine((value) => value.length <= max, { error: refusing('INVALID_FIELD_VALUE') });
