import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Bank identifiers (spec 000 §5): IBAN (country lengths and mod 97 from ibantools, which keeps
 * the registry's table), BIC, and the Moroccan RIB. Null when valid, else the message.
 */
export const IBAN_INVALID = 'IBAN is invalid';
export const BIC_INVALID = 'BIC is invalid';
export const RIB_INVALID = 'RIB is invalid';

/** The IBAN without spaces, upper-cased (how it is stored). */
export const compactIban = (value: string) => electronicFormatIBAN(value) ?? '';

export function checkIban(value: string): string | null {
  const v = compactIban(value);
  return v !== '' && isValidIBAN(v) ? null : IBAN_INVALID;
}

export function checkBic(value: string): string | null {
  return isValidBIC(value.toUpperCase().replace(/\s+/g, '')) ? null : BIC_INVALID;
}

/** Key of a 24-digit Moroccan RIB: 97 − (first 22 digits × 100 mod 97), on two digits. */
export function moroccanRibKey(first22: string): string {
  return String(97 - Number((BigInt(first22) * 100n) % 97n)).padStart(2, '0');
}

/** Moroccan RIB: 24 digits, the last two a mod-97 key over the first 22. */
export function checkMoroccanRib(value: string): string | null {
  const v = value.replace(/\s+/g, '');
  return /^\d{24}$/.test(v) && moroccanRibKey(v.slice(0, 22)) === v.slice(22) ? null : RIB_INVALID;
}
