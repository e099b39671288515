import { checkCif, checkDni, checkNie, checkSpanishId } from './spanish-ids.ts';
import { checkFrenchVat, checkSiren, checkSiret } from './french-ids.ts';
import { checkIban, checkMoroccanRib } from './bank-ids.ts';

/**
 * Person registration numbers (spec 002 §5): each registration type has its rule; a tenant may
 * add a pattern per type and a format-check hook. The same function runs on the server before a
 * write and in the web form while typing. Answers null when valid, else the message to show.
 */
export const INVALID_FORMAT = 'Invalid format';
export const TWO_LETTERS_EXPECTED = 'Must start with two letters';
export const LITHUANIAN_VAT_INVALID = 'Invalid format, expected LT000000000 or LT000000000000';
export const REGISTRATION_MANDATORY = 'Person identifier is mandatory';

/** Types the server numbers from a per-tenant counter when the number is empty. */
export const automaticRegistrationTypes = ['AUT', 'COM', 'PTN', 'PRO'] as const;
export const isAutomaticRegistrationType = (type: string) => (automaticRegistrationTypes as readonly string[]).includes(type);

/** LT, then nine or twelve digits (Lithuanian VAT number). */
export function checkLithuanianVat(value: string): string | null {
  return /^LT(\d{9}|\d{12})$/.test(value.toUpperCase().replace(/\s+/g, '')) ? null : LITHUANIAN_VAT_INVALID;
}

/** EU VAT numbers begin with their country's two letters; FR and LT numbers have a format of their own. */
export function checkEuVat(value: string): string | null {
  const v = value.toUpperCase().replace(/\s+/g, '');
  if (!/^[A-Z]{2}/.test(v)) return TWO_LETTERS_EXPECTED;
  if (v.startsWith('FR')) return checkFrenchVat(v);
  if (v.startsWith('LT')) return checkLithuanianVat(v);
  return null;
}

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

/** The built-in rule of each registration type; types without one accept any number. */
export const registrationRules: Record<string, Rule> = {
  SIR: checkSiren,
  SRT: checkSiret,
  EVA: checkEuVat,
  'EV-': checkEuVat,
  CIF: checkCif,
  NIF: checkSpanishId,
  DNI: checkDni,
  NIE: checkNie,
  IBAN: checkIban,
  RIB: checkMoroccanRib,
};

export interface RegistrationCheckOptions {
  /** A tenant pattern for this type (message "Invalid format"). */
  pattern?: string;
  /** The tenant's `personRegistration-format-check` hook: null when valid, else a message. */
  formatCheck?: (type: string, value: string) => string | null | undefined;
}

/**
 * Checks the number of a registration of `type`. Automatic types are numbered by the server and
 * accept an empty number; every other type needs one.
 */
export function checkRegistration(type: string, value: string | null | undefined, options: RegistrationCheckOptions = {}): string | null {
  const number = (value ?? '').trim();
  if (!number) return isAutomaticRegistrationType(type) ? null : REGISTRATION_MANDATORY;
  if (options.pattern !== undefined) {
    const problem = checkPattern(number, options.pattern);
    if (problem) return problem;
  }
  const rule = registrationRules[type];
  const problem = rule ? rule(number) : null;
  if (problem) return problem;
  return options.formatCheck?.(type, number) ?? null;
}

/** A registration is its 3-character type followed by the number (`SIR732829320`). */
export function splitRegistration(registration: string): { type: string; number: string } {
  return { type: registration.slice(0, 3), number: registration.slice(3) };
}
