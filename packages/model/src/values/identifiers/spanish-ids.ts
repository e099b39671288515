/**
 * Spanish tax identifiers (spec 002 §10): DNI, NIE and CIF. Each check takes the raw value,
 * upper-cases it and strips spaces, and answers null when valid or the spec's message.
 */
export const SPANISH_ID_INVALID = 'Spanish ID is invalid';

const dniLetters = 'TRWAGMYFPDXBNJZSQVHLCKE';
const cifLetters = 'JABCDEFGHI';

export const normaliseSpanishId = (value: string) => value.toUpperCase().replace(/\s+/g, '');

/** True when `letter` is the mod-23 letter of `digits`. */
const dniLetterMatches = (digits: string, letter: string) => dniLetters[Number(digits) % 23] === letter;

/** DNI: 8 digits and the mod-23 letter (12345678Z). */
export function checkDni(value: string): string | null {
  const v = normaliseSpanishId(value);
  const m = /^(\d{8})([A-Z])$/.exec(v);
  return m && dniLetterMatches(m[1], m[2]) ? null : SPANISH_ID_INVALID;
}

/** NIE: X, Y or Z (read as 0, 1, 2), 7 or 8 digits, then the DNI letter (X1234567L). */
export function checkNie(value: string): string | null {
  const v = normaliseSpanishId(value);
  const m = /^([XYZ])(\d{7,8})([A-Z])$/.exec(v);
  return m && dniLetterMatches(`${'XYZ'.indexOf(m[1])}${m[2]}`, m[3]) ? null : SPANISH_ID_INVALID;
}

/**
 * CIF: an organisation letter, 7 digits and a check character. Digits in odd positions are
 * doubled (digits of the product summed), even positions added; the check digit is 10 minus the
 * last digit of the total, written as a digit or as the letter JABCDEFGHI[digit].
 * A, B, E, H take a digit; K, P, Q, S a letter; the others either.
 */
export function checkCif(value: string): string | null {
  const v = normaliseSpanishId(value);
  const m = /^([ABCDEFGHJKLMNPQRSUVW])(\d{7})([0-9A-J])$/.exec(v);
  if (!m) return SPANISH_ID_INVALID;
  const [, first, digits, check] = m;
  let total = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      total += Math.floor(doubled / 10) + (doubled % 10);
    } else total += d;
  }
  const control = (10 - (total % 10)) % 10;
  const asDigit = check === String(control);
  const asLetter = check === cifLetters[control];
  if ('ABEH'.includes(first)) return asDigit ? null : SPANISH_ID_INVALID;
  if ('KPQS'.includes(first)) return asLetter ? null : SPANISH_ID_INVALID;
  return asDigit || asLetter ? null : SPANISH_ID_INVALID;
}

/** Any Spanish tax id (NIF): a DNI, a NIE or a CIF. */
export function checkSpanishId(value: string): string | null {
  return checkDni(value) === null || checkNie(value) === null || checkCif(value) === null ? null : SPANISH_ID_INVALID;
}
