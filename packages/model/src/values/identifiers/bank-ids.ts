import { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Bank identifiers (spec 000 §5): IBAN (country lengths, national checks and mod 97 from
 * ibantools, which keeps the SWIFT registry's table — the only IBAN table of the product), BIC,
 * and the Moroccan RIB, which no maintained library checks. Null when valid, else the message.
 */
export const IBAN_INVALID = 'IBAN is invalid';
export const BIC_INVALID = 'BIC is invalid';
export const RIB_INVALID = 'RIB is invalid';

/** The IBAN without spaces or dashes, upper-cased (how it is stored). */
export const compactIban = (value: string) => electronicFormatIBAN(value) ?? '';

export function checkIban(value: string): string | null {
  const v = compactIban(value);
  return v !== '' && isValidIBAN(v) ? null : IBAN_INVALID;
}

export function checkBic(value: string): string | null {
  return isValidBIC(value.toUpperCase().replace(/\s+/g, '')) ? null : BIC_INVALID;
}

/** The IBAN of a country's domestic account number (BBAN), with its check digits. */
export const ibanOf = (countryCode: string, bban: string) => composeIBAN({ countryCode, bban }) ?? '';

/**
 * Key of a RIB (the French and Moroccan domestic account numbers): 97 − (its digits before the
 * key × 100 mod 97), on two digits.
 */
export function ribKey(digits: string): string {
  return String(97 - Number((BigInt(digits) * 100n) % 97n)).padStart(2, '0');
}

/** Moroccan RIB: 24 digits, the last two a mod-97 key over the first 22 (spec 000 §5). */
export function checkMoroccanRib(value: string): string | null {
  const v = value.replace(/[\s.-]+/g, '');
  return /^\d{24}$/.test(v) && ribKey(v.slice(0, 22)) === v.slice(22) ? null : RIB_INVALID;
}
