import * as cif from 'stdnum/lib/cjs/es/cif.js';
import * as dni from 'stdnum/lib/cjs/es/dni.js';
import * as nie from 'stdnum/lib/cjs/es/nie.js';
import { compactIdentifier, libraryAccepts } from './identifier-text.ts';

/**
 * Spanish tax identifiers (spec 002 §10): DNI, NIE and CIF, checked by stdnum on the value
 * upper-cased without spaces, dashes or dots (`12345678-Z`, `X-1234567-L`). Two rules of the
 * spec are stricter or wider than the library and stay here: the CIF check is a digit after
 * A, B, E, H and a letter after K, P, Q, S; a NIE may carry 8 digits (older numbers).
 */
export const SPANISH_ID_INVALID = 'Spanish ID is invalid';

export const normaliseSpanishId = compactIdentifier;

const dniLetters = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** DNI: 8 digits and the mod-23 letter (12345678Z). */
export function checkDni(value: string): string | null {
  return libraryAccepts(dni, value) ? null : SPANISH_ID_INVALID;
}

/** NIE: X, Y or Z (read as 0, 1, 2), 7 digits (8 in older numbers), then the DNI letter (X1234567L). */
export function checkNie(value: string): string | null {
  if (libraryAccepts(nie, value)) return null;
  const m = /^([XYZ])(\d{8})([A-Z])$/.exec(compactIdentifier(value));
  return m && dniLetters[Number(`${'XYZ'.indexOf(m[1])}${m[2]}`) % 23] === m[3] ? null : SPANISH_ID_INVALID;
}

/** CIF: an organisation letter, 7 digits and a check character (digit, or letter of JABCDEFGHI). */
export function checkCif(value: string): string | null {
  const v = compactIdentifier(value);
  if (!libraryAccepts(cif, v)) return SPANISH_ID_INVALID;
  const [first, check] = [v[0], v[v.length - 1]];
  const digitCheck = /\d/.test(check);
  if ('ABEH'.includes(first) && !digitCheck) return SPANISH_ID_INVALID;
  if ('KPQS'.includes(first) && digitCheck) return SPANISH_ID_INVALID;
  return null;
}

/**
 * A NIF as it is stored: compact, without the `ES` country prefix it carries as a VAT number
 * (`ES B-58378431` → `B58378431`), as python-stdnum's es.nif compacts it.
 */
export function compactSpanishId(value: string): string {
  const v = compactIdentifier(value);
  return /^ES[0-9A-Z]{9}$/.test(v) ? v.slice(2) : v;
}

/**
 * Any Spanish tax id (NIF), with or without its `ES` prefix: a DNI, a NIE or a CIF (with the
 * spec's CIF and NIE rules), or a K, L or M number (Spaniards under 14, Spaniards abroad without
 * DNI, foreigners without NIE): the letter, 7 digits and the DNI letter of those 7 digits. The
 * JS library reads the K/L/M digits with parseInt and so accepts letters among them.
 */
export function checkSpanishId(value: string): string | null {
  const v = compactSpanishId(value);
  const klm = /^[KLM](\d{7})([A-Z])$/.exec(v);
  if (klm) return dniLetters[Number(klm[1]) % 23] === klm[2] ? null : SPANISH_ID_INVALID;
  if (/^[KLM]/.test(v)) return SPANISH_ID_INVALID;
  return checkDni(v) === null || checkNie(v) === null || checkCif(v) === null ? null : SPANISH_ID_INVALID;
}
