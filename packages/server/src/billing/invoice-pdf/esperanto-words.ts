/**
 * Numbers and euro amounts in Esperanto words, which no maintained number-to-words library spells
 * (docs/decisions.md). The grammar is regular (Fundamento, §7 of the 16 rules): units unu…naŭ;
 * tens and hundreds are one word of a unit and `dek` or `cent` (`dudek`, `kvincent`); thousands are
 * a separate `mil` (`du mil`); millions and above are nouns taking the plural `-j` (`du milionoj`).
 * The long scale is used: miliono 10⁶, miliardo 10⁹, biliono 10¹², biliardo 10¹⁵, triliono 10¹⁸.
 */
const units = ['', 'unu', 'du', 'tri', 'kvar', 'kvin', 'ses', 'sep', 'ok', 'naŭ'];
const scales: [bigint, string][] = [
  [10n ** 18n, 'triliono'],
  [10n ** 15n, 'biliardo'],
  [10n ** 12n, 'biliono'],
  [10n ** 9n, 'miliardo'],
  [10n ** 6n, 'miliono'],
];

/** 1 to 999. */
function belowThousand(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor((n % 100) / 10);
  const unit = n % 10;
  const words: string[] = [];
  if (hundreds) words.push(`${hundreds > 1 ? units[hundreds] : ''}cent`);
  if (tens) words.push(`${tens > 1 ? units[tens] : ''}dek`);
  if (unit) words.push(units[unit]);
  return words;
}

/** 1 to 999 999. */
function belowMillion(n: number): string[] {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words = thousands ? [...(thousands > 1 ? belowThousand(thousands) : []), 'mil'] : [];
  return [...words, ...belowThousand(rest)];
}

/** A whole number in words: `0n` → `nul`, `2021n` → `du mil dudek unu`. */
export function toCardinal(value: bigint): string {
  if (value < 0n) return `minus ${toCardinal(-value)}`;
  if (value === 0n) return 'nul';
  const words: string[] = [];
  let rest = value;
  for (const [size, noun] of scales) {
    const count = rest / size;
    if (count === 0n) continue;
    rest %= size;
    // A count of a thousand or more of a scale (10²¹ and above) is spelled in full before the noun.
    words.push(count >= 1000000n ? toCardinal(count) : belowMillion(Number(count)).join(' '));
    words.push(count === 1n ? noun : `${noun}j`);
  }
  if (rest > 0n) words.push(...belowMillion(Number(rest)));
  return words.join(' ');
}

const plural = (count: bigint, noun: string) => (count === 1n ? noun : `${noun}j`);

/** A euro amount (`"1234.56"`) in words: `mil ducent tridek kvar eŭroj kaj kvindek ses cendoj`. */
export function toCurrency(value: string): string {
  const [whole, fraction = ''] = value.replace(/^-/, '').split('.');
  const euros = BigInt(whole || '0');
  const cents = BigInt((fraction + '00').slice(0, 2));
  const main = `${toCardinal(euros)} ${plural(euros, 'eŭro')}`;
  return cents > 0n ? `${main} kaj ${toCardinal(cents)} ${plural(cents, 'cendo')}` : main;
}
