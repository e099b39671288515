import { describe, expect, it } from 'vitest';
import { amountInWords, wordsLanguage } from './amount-in-words.ts';
import { toCardinal, toCurrency } from './esperanto-words.ts';

/** Known texts per language of spec 000 §9: an amount with cents, zero, a large number, TND with 3 decimals. */
const known: [language: string, amount: number | string, currency: string, words: string][] = [
  ['en', 1234.56, 'EUR', 'one thousand two hundred and thirty-four euro and fifty-six cents'],
  ['en', 0, 'USD', 'zero dollars'],
  ['en', 1500.5, 'TND', 'one thousand five hundred TND 500/1000'],
  [
    'en-IN',
    12345678.9,
    'INR',
    'one crore twenty-three lakh forty-five thousand six hundred and seventy-eight rupees and ninety paise',
  ],
  ['en-IN', 1000001, 'INR', 'ten lakh and one rupees'],
  ['en-IN', 150000, 'EUR', 'one lakh fifty thousand EUR'],
  ['es', 1234.56, 'EUR', 'mil doscientos treinta y cuatro euros con cincuenta y seis céntimos'],
  ['es', 0, 'EUR', 'cero euros'],
  ['ar', 1234, 'TND', 'ألف ومئتان وأربعة وثلاثون TND'],
  ['ar', 1234.56, 'SAR', 'ألف ومئتان وأربعة وثلاثون ريالاً وست وخمسون هللة'],
  ['ar', 1000001, 'USD', 'مليون وواحد USD'],
  ['az', 1234.56, 'AZN', 'min iki yüz otuz dörd manat əlli altı qəpik'],
  ['pt', 1234.56, 'EUR', 'mil duzentos e trinta e quatro euros e cinquenta e seis cêntimos'],
  ['fr', 1234.56, 'EUR', 'mille deux cent trente-quatre euros et cinquante-six centimes'],
  ['fr', 0, 'EUR', 'zéro euro'],
  ['fr', 12.345, 'TND', 'douze TND 345/1000'],
  ['eo', 1234.56, 'EUR', 'mil ducent tridek kvar eŭroj kaj kvindek ses cendoj'],
  ['eo', 1, 'EUR', 'unu eŭro'],
  ['eo', 0, 'EUR', 'nul eŭroj'],
  ['eo', 2000000.01, 'EUR', 'du milionoj eŭroj kaj unu cendo'],
  ['it', 1234.56, 'EUR', 'milleduecentotrentaquattro euro e cinquantasei centesimi'],
  ['vi', 1000001, 'VND', 'một triệu lẻ một đồng'],
  ['tr', 1234.56, 'EUR', 'bin iki yüz otuz dört EUR 56/100'],
  ['uk', 1234, 'EUR', 'одна тисяча двісті тридцять чотири EUR'],
  ['ru', 12345678, 'EUR', 'двенадцать миллионов триста сорок пять тысяч шестьсот семьдесят восемь EUR'],
  ['id', 1500, 'IDR', 'seribu lima ratus rupiah'],
  ['lt', 1234.56, 'EUR', 'vienas tūkstantis du šimtai trisdešimt keturi eurai penkiasdešimt šeši centai'],
  ['lt', 0, 'EUR', 'nulis eurų'],
  ['hu', 1234.56, 'EUR', 'ezerkétszázharmincnégy EUR 56/100'],
  ['de', 1234.56, 'EUR', 'eintausendzweihundertvierunddreißig Euro und sechsundfünfzig Cent'],
];

describe('amounts in words', () => {
  it.each(known)('in %s: %s %s', (language, amount, currency, words) => {
    expect(amountInWords(amount, currency, language)).toBe(words);
  });

  it('reads a locale tag by its language, Indian English apart, and English otherwise', () => {
    expect(wordsLanguage('lt-LT')).toBe('lt');
    expect(wordsLanguage('en_IN')).toBe('en-IN');
    expect(wordsLanguage('en-GB')).toBe('en');
    expect(wordsLanguage('xx-YY')).toBe('en');
    expect(wordsLanguage(undefined)).toBe('en');
  });

  it('leaves the sign out and rounds to the currency minor units', () => {
    expect(amountInWords('-10.005', 'EUR', 'en')).toBe(amountInWords('10.01', 'EUR', 'en'));
    expect(amountInWords(1.2345, 'TND', 'en')).toBe('one TND 235/1000');
  });
});

describe('Esperanto numbers', () => {
  it.each([
    [0n, 'nul'],
    [7n, 'sep'],
    [10n, 'dek'],
    [11n, 'dek unu'],
    [21n, 'dudek unu'],
    [100n, 'cent'],
    [999n, 'naŭcent naŭdek naŭ'],
    [1000n, 'mil'],
    [2021n, 'du mil dudek unu'],
    [10000n, 'dek mil'],
    [123456n, 'cent dudek tri mil kvarcent kvindek ses'],
    [1000000n, 'unu miliono'],
    [3000000000n, 'tri miliardoj'],
    [1000000000001n, 'unu biliono unu'],
  ])('%s is %s', (value, words) => {
    expect(toCardinal(value)).toBe(words);
  });

  it('spells euro amounts with the plural of euros and cents', () => {
    expect(toCurrency('2.00')).toBe('du eŭroj');
    expect(toCurrency('1.01')).toBe('unu eŭro kaj unu cendo');
    expect(toCurrency('0.50')).toBe('nul eŭroj kaj kvindek cendoj');
  });
});
