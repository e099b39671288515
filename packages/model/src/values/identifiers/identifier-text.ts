import type { Validator } from 'stdnum';

/**
 * Identifiers as users type them: any case, grouped by spaces, dashes, dots or slashes
 * (`x-1234567-l`, `356.000.000 00048`). Checks read, and writes store, this compact form.
 */
export const compactIdentifier = (value: string) => value.toUpperCase().replace(/[\s.\-/]+/g, '');

/** The part of a stdnum validator the rules call (each module of `stdnum/lib/cjs/{country}/…`). */
export type LibraryValidator = Pick<Validator, 'validate'>;

/** Whether the library accepts the compact form of `value`. */
export const libraryAccepts = (validator: LibraryValidator, value: string) =>
  validator.validate(compactIdentifier(value)).isValid;

/** A rule answering the spec's message when the library refuses the value, null when it accepts it. */
export const libraryRule =
  (validator: LibraryValidator, message: string) =>
  (value: string): string | null =>
    libraryAccepts(validator, value) ? null : message;
