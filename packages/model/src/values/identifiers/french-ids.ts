/**
 * French company identifiers: SIREN (9 digits), SIRET (SIREN + 5-digit establishment number)
 * and the intra-community VAT number FRkk + SIREN. Null when valid, else the message.
 */
export const SIREN_INVALID = 'SIREN is invalid';
export const SIRET_INVALID = 'SIRET is invalid';
export const FRENCH_VAT_INVALID = 'Invalid format, expected FRXX000000000';

const compact = (value: string) => value.toUpperCase().replace(/[\s.-]+/g, '');

/** Luhn checksum over a string of digits (the rightmost digit is the check digit). */
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

/** La Poste's establishments share one SIREN and follow a sum-of-digits rule instead of Luhn. */
const LA_POSTE_SIREN = '356000000';

export function checkSiren(value: string): string | null {
  const v = compact(value);
  return /^\d{9}$/.test(v) && luhnValid(v) ? null : SIREN_INVALID;
}

export function checkSiret(value: string): string | null {
  const v = compact(value);
  if (!/^\d{14}$/.test(v)) return SIRET_INVALID;
  if (v.startsWith(LA_POSTE_SIREN)) {
    const sum = [...v].reduce((s, d) => s + Number(d), 0);
    return sum % 5 === 0 ? null : SIRET_INVALID;
  }
  return luhnValid(v) ? null : SIRET_INVALID;
}

/** The numeric key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/**
 * FR, a two-character key and the nine-digit SIREN (FR40303265045). A numeric key must match the
 * SIREN; alphanumeric keys (older numbering) are accepted on their format.
 */
export function checkFrenchVat(value: string): string | null {
  const m = /^FR([0-9A-Z]{2})(\d{9})$/.exec(compact(value));
  if (!m) return FRENCH_VAT_INVALID;
  if (/^\d{2}$/.test(m[1]) && m[1] !== frenchVatKey(m[2])) return FRENCH_VAT_INVALID;
  return null;
}
