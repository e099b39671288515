/**
 * IBAN check of spec 000 §5: spaces stripped, a two-letter country, two check digits, an
 * alphanumeric remainder, the country's length, and mod 97 equal to 1.
 */
export const ibanLengths: Record<string, number> = {
  FR: 27, DE: 22, BE: 16, NL: 18, GB: 22, MA: 28, TN: 24,
  ES: 24, IT: 27, PT: 25, LU: 20, CH: 21, AT: 20, IE: 22, MC: 27, PL: 28, SE: 24, DK: 18, FI: 18, NO: 15,
};

function mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected ? iban.length !== expected : iban.length < 15 || iban.length > 34) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return mod97(digits) === 1;
}
