import * as swissUid from 'stdnum/lib/cjs/ch/uid.js';
import * as italianVat from 'stdnum/lib/cjs/it/iva.js';
import { checkCif, checkDni, checkNie, checkSpanishId, compactSpanishId } from './spanish-ids.ts';
import { checkSiren, checkSiret } from './french-ids.ts';
import { checkIban, checkMoroccanRib } from './bank-ids.ts';
import { checkEuVat } from './vat-numbers.ts';
import { compactIdentifier, libraryRule } from './identifier-text.ts';

export { checkEuVat, checkLithuanianVat, LITHUANIAN_VAT_INVALID, TWO_LETTERS_EXPECTED } from './vat-numbers.ts';

/**
 * Person registration numbers (spec 002 §5): each registration type has its rule; a tenant may
 * add a pattern per type and a format-check hook. The same function runs on the server before a
 * write and in the web form while typing. Answers null when valid, else the message to show.
 * Numbers are read (and stored) compact: upper-case, without spaces, dashes, dots or slashes.
 */
export const INVALID_FORMAT = 'Invalid format';
export const REGISTRATION_MANDATORY = 'Person identifier is mandatory';

/** Types the server numbers from a per-tenant counter when the number is empty. */
export const automaticRegistrationTypes = ['AUT', 'COM', 'PTN', 'PRO'] as const;
export const isAutomaticRegistrationType = (type: string) =>
  (automaticRegistrationTypes as readonly string[]).includes(type);

/** A tenant's own rule: the whole value must match `pattern`. An unusable pattern refuses nothing. */
export function checkPattern(value: string, pattern: string): string | null {
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${pattern})$`);
  } catch {
    return null;
  }
  return re.test(value) ? null : INVALID_FORMAT;
}

type Rule = (value: string) => string | null;

/**
 * The built-in rule of each registration type. Types without one (GBR company numbers, DEU
 * register entries, passports, personal and professional ids) have no checksum a library
 * knows: they accept any number unless the tenant sets a pattern.
 */
export const registrationRules: Record<string, Rule> = {
  SIR: checkSiren,
  SRT: checkSiret,
  EVA: checkEuVat,
  'EV-': checkEuVat,
  CHE: libraryRule(swissUid, INVALID_FORMAT),
  ITA: libraryRule(italianVat, INVALID_FORMAT),
  CIF: checkCif,
  NIF: checkSpanishId,
  DNI: checkDni,
  NIE: checkNie,
  IBAN: checkIban,
  RIB: checkMoroccanRib,
};

/**
 * The number as it is stored: compact for the types a rule checks (`12345678-z` → `12345678Z`; a
 * NIF without its `ES` prefix), without spaces for the others (whose dashes may be part of the number).
 */
export function compactRegistrationNumber(type: string, number: string): string {
  if (type === 'NIF') return compactSpanishId(number);
  return Object.hasOwn(registrationRules, type) ? compactIdentifier(number) : number.replace(/\s+/g, '');
}

export interface RegistrationCheckOptions {
  /** A tenant pattern for this type (message "Invalid format"), matched against the stored form. */
  pattern?: string;
  /** The tenant's `personRegistration-format-check` hook: null when valid, else a message. */
  formatCheck?: (type: string, value: string) => string | null | undefined;
}

/**
 * Checks the number of a registration of `type`. Automatic types are numbered by the server and
 * accept an empty number; every other type needs one.
 */
export function checkRegistration(
  type: string,
  value: string | null | undefined,
  options: RegistrationCheckOptions = {},
): string | null {
  const number = compactRegistrationNumber(type, (value ?? '').trim());
  if (!number) return isAutomaticRegistrationType(type) ? null : REGISTRATION_MANDATORY;
  if (options.pattern !== undefined) {
    const problem = checkPattern(number, options.pattern);
    if (problem) return problem;
  }
  const rule = Object.hasOwn(registrationRules, type) ? registrationRules[type] : undefined;
  const problem = rule ? rule(number) : null;
  if (problem) return problem;
  return options.formatCheck?.(type, number) ?? null;
}

/** A registration is its 3-character type followed by the number (`SIR732829320`). */
export function splitRegistration(registration: string): { type: string; number: string } {
  return { type: registration.slice(0, 3), number: registration.slice(3) };
}
