import * as siren from 'stdnum/lib/cjs/fr/siren.js';
import * as tva from 'stdnum/lib/cjs/fr/tva.js';
import { compactIdentifier, libraryRule } from './identifier-text.ts';

/**
 * French company identifiers, checked by python-stdnum's rules: SIREN (9 digits, Luhn), SIRET
 * (SIREN + establishment number; La Poste's establishments follow their own rule and its head
 * office 35600000000048 is an exception) and the VAT number FR + key + SIREN (numeric and
 * alphanumeric keys). Null when valid, else the message.
 */
export const SIREN_INVALID = 'SIREN is invalid';
export const SIRET_INVALID = 'SIRET is invalid';
export const FRENCH_VAT_INVALID = 'Invalid format, expected FRXX000000000';

export const checkSiren = libraryRule(siren, SIREN_INVALID);

/** La Poste's SIREN: its establishments are numbered so that the digits of the SIRET add up to a multiple of 5. */
const LA_POSTE = '356000000';
const LA_POSTE_HEAD_OFFICE = '35600000000048';

/**
 * SIRET: 14 digits whose Luhn sum holds (La Poste's establishments: digit sum a multiple of 5),
 * and whose first nine digits are a valid SIREN. The JS library checks the first part only, so a
 * number with a wrong SIREN key but a matching 14-digit sum would pass it.
 */
export function checkSiret(value: string): string | null {
  const v = compactIdentifier(value);
  if (!/^\d{14}$/.test(v)) return SIRET_INVALID;
  const establishmentValid =
    v.startsWith(LA_POSTE) && v !== LA_POSTE_HEAD_OFFICE
      ? [...v].reduce((sum, d) => sum + Number(d), 0) % 5 === 0
      : luhnValid(v);
  return establishmentValid && luhnValid(v.slice(0, 9)) ? null : SIRET_INVALID;
}

/** FR, a two-character key and the nine-digit SIREN (FR40303265045); the key must match the SIREN. */
export function checkFrenchVat(value: string): string | null {
  const v = compactIdentifier(value);
  return v.startsWith('FR') && tva.validate(v).isValid ? null : FRENCH_VAT_INVALID;
}

/** The numeric key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, on two digits (for demo data). */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** Luhn checksum over a string of digits (the rightmost digit is the check digit); demo data numbers SIRENs with it. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
