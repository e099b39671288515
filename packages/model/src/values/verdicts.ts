import { countrySpecs, isValidBBAN } from 'ibantools';
import type { ValueType } from './value-rules.ts';

/**
 * The shared verdict table of field values (issue 13): the model's rules, the server's routes and
 * the web's field validators must all give these verdicts, these messages (English, filled) and
 * store these forms. Used by `value-rules.test.ts`, the server's `value-verdicts.int.test.ts` and
 * the web's `value-verdicts.test.ts`.
 */
export interface ValueCase {
  type: ValueType;
  input: string;
  /** Country of a phone in its local form (the phone field's picker). */
  country?: string;
  /** Tenant of the caller, for usernames. */
  tenant?: string;
  /** Null when accepted, else the message shown and answered as `reason`. */
  message: string | null;
  /** The form stored when accepted. */
  stored?: string;
  /** Why the case is there. */
  about: string;
}

export interface IdentifierCase {
  registrationType: string;
  input: string;
  message: string | null;
  stored?: string;
  about: string;
}

/** The tenant of username cases (the test tenants of the server are alpha and beta). */
export const verdictTenant = 'alpha';

const IBAN = 'IBAN is invalid';
const PHONE = 'Invalid format';
const EMAIL = 'Email format should be "name@example.com"';
const USERNAME = `Should be a valid email or a valid string ending with @${verdictTenant}`;

/** Check digits by ISO 7064 mod 97-10, for any country and length (to build wrong-length IBANs that only their length betrays). */
export function withCheckDigits(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}

const characterSets: Record<string, string> = {
  '0-9': '0123456789',
  'A-Z': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'a-zA-Z0-9': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  'A-Z0-9': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  '0-9A-Z': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
};

/**
 * A valid BBAN of `country`: characters drawn (from a fixed seed) as its pattern in ibantools
 * says, until the country's national check, if any, accepts one.
 */
function validBban(country: string, pattern: string): string {
  const parts = [...pattern.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)].map((m) => ({
    set: characterSets[m[1]],
    length: Number(m[2]),
  }));
  if (parts.some((p) => !p.set)) throw new Error(`Unknown BBAN pattern ${pattern} of ${country}`);
  let seed = country.charCodeAt(0) * 256 + country.charCodeAt(1);
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let attempt = 0; attempt < 100_000; attempt++) {
    const bban = parts
      .map((p) => Array.from({ length: p.length }, () => p.set[Math.floor(next() * p.set.length)]).join(''))
      .join('');
    if (isValidBBAN(bban, country)) return bban;
  }
  throw new Error(`No valid BBAN found for ${country}`);
}

/** Every country whose IBAN ibantools knows: a valid one, spaced as printed, and one a character short and one too long. */
function ibanCases(): ValueCase[] {
  const cases: ValueCase[] = [];
  for (const [country, spec] of Object.entries(countrySpecs)) {
    if (!spec.chars || !spec.bban_regexp) continue;
    const bban = validBban(country, spec.bban_regexp);
    const iban = withCheckDigits(country, bban);
    cases.push({
      type: 'iban',
      input: iban.replace(/(.{4})/g, '$1 ').trim(),
      message: null,
      stored: iban,
      about: `${country}: ${spec.chars} characters`,
    });
    cases.push({
      type: 'iban',
      input: withCheckDigits(country, bban.slice(0, -1)),
      message: IBAN,
      about: `${country}: ${spec.chars - 1} characters`,
    });
    cases.push({
      type: 'iban',
      input: withCheckDigits(country, `${bban}0`),
      message: IBAN,
      about: `${country}: ${spec.chars + 1} characters`,
    });
  }
  return cases;
}

export const valueCases: ValueCase[] = [
  ...ibanCases(),
  {
    type: 'iban',
    input: 'SA0380000000608010167519',
    message: null,
    stored: 'SA0380000000608010167519',
    about: 'registry example',
  },
  {
    type: 'iban',
    input: withCheckDigits('SA', '8000000060801016751'),
    message: IBAN,
    about: 'a Saudi IBAN of 23 characters',
  },
  {
    type: 'iban',
    input: withCheckDigits('BR', '00360305000010009795493C'),
    message: IBAN,
    about: 'a Brazilian IBAN of 28 characters',
  },
  {
    type: 'iban',
    input: 'fr14-2004-1010-0505-0001-3m02-606',
    message: null,
    stored: 'FR1420041010050500013M02606',
    about: 'dashes and lower case',
  },
  { type: 'iban', input: 'FR1420041010050500013M02607', message: IBAN, about: 'wrong check' },
  { type: 'iban', input: 'XX89370400440532013000', message: IBAN, about: 'unknown country' },

  { type: 'phone', input: '+33 1 23 45 67 89', message: null, stored: '+33123456789', about: 'international' },
  { type: 'phone', input: '0033 1 23 45 67 89', message: null, stored: '+33123456789', about: 'international with 00' },
  {
    type: 'phone',
    input: '01 23 45 67 89',
    country: 'FR',
    message: null,
    stored: '+33123456789',
    about: 'local, French picker',
  },
  { type: 'phone', input: '01 23 45 67 89', message: PHONE, about: 'local without a country' },
  {
    type: 'phone',
    input: '(202) 555-0143',
    country: 'US',
    message: null,
    stored: '+12025550143',
    about: 'local, US picker',
  },
  { type: 'phone', input: '+1 202 555 0143', message: null, stored: '+12025550143', about: 'US' },
  { type: 'phone', input: '+212 5 22 22 22 22', message: null, stored: '+212522222222', about: 'Morocco' },
  { type: 'phone', input: '+216 71 123 456', message: null, stored: '+21671123456', about: 'Tunisia' },
  { type: 'phone', input: '+44 20 7946 0958', message: null, stored: '+442079460958', about: 'United Kingdom' },
  {
    type: 'phone',
    input: '+33 1 23 45 67 89 ext. 12',
    message: null,
    stored: '+33123456789;ext=12',
    about: 'extension',
  },
  { type: 'phone', input: '+33 1 23', message: PHONE, about: 'too short' },
  { type: 'phone', input: '+33 0 12 34 56 78', message: PHONE, about: 'no such French number' },
  { type: 'phone', input: '+999 123456', message: PHONE, about: 'no such calling code' },
  { type: 'phone', input: 'call me', message: PHONE, about: 'not a number' },

  { type: 'email', input: 'a.b@c.fr', message: null, stored: 'a.b@c.fr', about: 'plain' },
  {
    type: 'email',
    input: 'j.doe+tag@example.co.uk',
    message: null,
    stored: 'j.doe+tag@example.co.uk',
    about: 'tag and subdomain',
  },
  { type: 'email', input: 'not-an-email', message: EMAIL, about: 'no at-sign' },
  { type: 'email', input: 'a@b', message: EMAIL, about: 'no domain dot' },
  { type: 'email', input: 'a b@c.fr', message: EMAIL, about: 'space' },

  {
    type: 'username',
    tenant: verdictTenant,
    input: 'jane@example.com',
    message: null,
    stored: 'jane@example.com',
    about: 'email',
  },
  {
    type: 'username',
    tenant: verdictTenant,
    input: 'élodie.dupré@alpha',
    message: null,
    stored: 'élodie.dupré@alpha',
    about: 'accented name at the tenant',
  },
  {
    type: 'username',
    tenant: verdictTenant,
    input: 'a_b-c.d@alpha',
    message: null,
    stored: 'a_b-c.d@alpha',
    about: 'dot, dash, underscore',
  },
  { type: 'username', tenant: verdictTenant, input: 'jane', message: USERNAME, about: 'no tenant' },
  { type: 'username', tenant: verdictTenant, input: 'jane@beta', message: USERNAME, about: 'another tenant' },
  { type: 'username', tenant: verdictTenant, input: 'a@b@alpha', message: USERNAME, about: 'two at-signs' },
  { type: 'username', tenant: verdictTenant, input: '12345', message: USERNAME, about: 'a number, with a tenant' },
];

const SIREN = 'SIREN is invalid';
const SIRET = 'SIRET is invalid';
const SPANISH = 'Spanish ID is invalid';

export const identifierCases: IdentifierCase[] = [
  {
    registrationType: 'SRT',
    input: '35600000000048',
    message: null,
    stored: '35600000000048',
    about: "La Poste's head office",
  },
  {
    registrationType: 'SRT',
    input: '356 000 000 49837',
    message: null,
    stored: '35600000049837',
    about: 'a La Poste establishment, spaced',
  },
  { registrationType: 'SRT', input: '356.000.000.49838', message: SIRET, about: 'La Poste, wrong sum' },
  { registrationType: 'SRT', input: '73282932000074', message: null, stored: '73282932000074', about: 'Luhn' },
  { registrationType: 'SRT', input: '73282932000075', message: SIRET, about: 'Luhn refused' },
  { registrationType: 'SRT', input: '73282932100015', message: SIRET, about: 'Luhn holds, SIREN key refused' },
  { registrationType: 'SIR', input: '732.829.320', message: null, stored: '732829320', about: 'dots' },
  { registrationType: 'SIR', input: '732829321', message: SIREN, about: 'Luhn refused' },
  { registrationType: 'EVA', input: 'DE000000000', message: 'Invalid format', about: 'German VAT, wrong check' },
  {
    registrationType: 'EVA',
    input: 'de 136 695 976',
    message: null,
    stored: 'DE136695976',
    about: 'German VAT, spaced, lower case',
  },
  { registrationType: 'EVA', input: 'fr 40 303 265 045', message: null, stored: 'FR40303265045', about: 'French VAT' },
  {
    registrationType: 'EVA',
    input: 'FR41303265045',
    message: 'Invalid format, expected FRXX000000000',
    about: 'French VAT, wrong key',
  },
  {
    registrationType: 'EVA',
    input: 'LT1234567890',
    message: 'Invalid format, expected LT000000000 or LT000000000000',
    about: 'Lithuanian VAT',
  },
  { registrationType: 'EVA', input: 'BE 0403.019.261', message: null, stored: 'BE0403019261', about: 'Belgian VAT' },
  { registrationType: 'EVA', input: '12345', message: 'Must start with two letters', about: 'no country' },
  { registrationType: 'DNI', input: '12345678-Z', message: null, stored: '12345678Z', about: 'DNI with a dash' },
  { registrationType: 'DNI', input: '12345678-A', message: SPANISH, about: 'DNI, wrong letter' },
  { registrationType: 'NIE', input: 'X-1234567-L', message: null, stored: 'X1234567L', about: 'NIE with dashes' },
  {
    registrationType: 'NIE',
    input: 'x.1234567.l',
    message: null,
    stored: 'X1234567L',
    about: 'NIE, dots and lower case',
  },
  { registrationType: 'NIE', input: 'X1234567A', message: SPANISH, about: 'NIE, wrong letter' },
  { registrationType: 'NIF', input: '12345678-z', message: null, stored: '12345678Z', about: 'NIF as a DNI' },
  { registrationType: 'NIF', input: 'ES 12345678-Z', message: null, stored: '12345678Z', about: 'NIF, ES prefix' },
  { registrationType: 'NIF', input: 'K1234567L', message: null, stored: 'K1234567L', about: 'NIF of the K type' },
  { registrationType: 'NIF', input: 'K12A4567N', message: SPANISH, about: 'K type, a letter among digits' },
  { registrationType: 'CIF', input: 'A-58818501', message: null, stored: 'A58818501', about: 'CIF' },
  { registrationType: 'CIF', input: 'B1234567D', message: SPANISH, about: 'CIF after B needs a digit' },
  { registrationType: 'CHE', input: 'CHE-109.910.570', message: null, stored: 'CHE109910570', about: 'Swiss UID' },
  { registrationType: 'ITA', input: '00743110157', message: null, stored: '00743110157', about: 'Partita IVA' },
  { registrationType: 'ITA', input: '00743110158', message: 'Invalid format', about: 'Partita IVA, wrong check' },
];
