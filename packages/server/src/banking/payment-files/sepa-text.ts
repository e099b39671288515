/**
 * Texts in a SEPA file (EPC guidelines, "SEPA character set"): Latin letters, digits, space and
 * / - ? : ( ) . , ' +. Anything else is transliterated (accents dropped, ß → ss, æ → ae, & → +)
 * or replaced by a space, then the text is cut at the schema's length. Identifiers
 * (EndToEndId, MsgId, mandate references) also may not start or end with "/" nor hold "//".
 */

const special: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  '&': '+',
  '’': "'",
  '‘': "'",
  '`': "'",
  '´': "'",
  '«': "'",
  '»': "'",
  '“': "'",
  '”': "'",
  '"': "'",
  '–': '-',
  '—': '-',
  _: '-',
  '€': 'EUR',
  '@': '(at)',
  '°': 'o',
  '\u00a0': ' ',
};

const allowed = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** `value` in the SEPA character set, spaces collapsed, at most `max` characters (no trailing space). */
export function sepaText(value: unknown, max: number): string {
  const text = String(value ?? '')
    .replace(/[ßẞæÆœŒøØđĐłŁþÞ&’‘`´«»“”"–—_€@°\u00a0]/g, (c) => special[c] ?? ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(allowed, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, max).trimEnd();
}

/** An identifier in the SEPA character set without spaces, not starting or ending with "/", no "//". */
export function sepaIdentifier(value: unknown, max = 35): string {
  const id = sepaText(value, 1000)
    .replace(/ /g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
  return id.slice(0, max).replace(/\/+$/, '');
}

/** Escapes the five XML special characters (the SEPA set only keeps the apostrophe, but names may come unfiltered). */
export function xmlEscape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
