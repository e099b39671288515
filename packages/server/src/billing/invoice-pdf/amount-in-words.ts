/**
 * The amount of an invoice in words, in its language (spec 000 §9: en, es, ar, az, pt, fr, eo, it,
 * vi, tr, uk, ru, id, lt, hu and Indian English, and the product's de, nl, pl, ro), by n2words,
 * Esperanto by esperanto-words.ts (n2words has none). A language's own currency words are used
 * when the amount is in that currency (euros in French, rupees in Indian English); otherwise the
 * units in words, the ISO code and the minor units as a fraction (`… USD 56/100`, `… TND 500/1000`).
 * Any other language is spelled in English.
 */
import * as ar from 'n2words/ar-SA';
import * as az from 'n2words/az-AZ';
import * as de from 'n2words/de-DE';
import * as enGB from 'n2words/en-GB';
import * as enIE from 'n2words/en-IE';
import * as enIN from 'n2words/en-IN';
import * as enUS from 'n2words/en-US';
import * as es from 'n2words/es-ES';
import * as fr from 'n2words/fr-FR';
import * as hu from 'n2words/hu-HU';
import * as id from 'n2words/id-ID';
import * as it from 'n2words/it-IT';
import * as nl from 'n2words/nl-NL';
import * as pl from 'n2words/pl-PL';
import * as ro from 'n2words/ro-RO';
import * as lt from 'n2words/lt-LT';
import * as pt from 'n2words/pt-PT';
import * as ru from 'n2words/ru-RU';
import * as tr from 'n2words/tr-TR';
import * as uk from 'n2words/uk-UA';
import * as vi from 'n2words/vi-VN';
import { Dec } from '@lbo/model/finance/decimal';
import { currencyDecimals } from '@lbo/model/values/currencies';
import * as eo from './esperanto-words.ts';

interface Speller {
  toCardinal(value: bigint): string;
  toCurrency(value: string): string;
}

/** Per language: the module spelling numbers, and those spelling amounts of a currency. */
const spellers: Record<string, { cardinal: Speller; currencies: Record<string, Speller> }> = {
  en: { cardinal: enUS, currencies: { USD: enUS, GBP: enGB, EUR: enIE, INR: enIN } },
  'en-IN': { cardinal: enIN, currencies: { INR: enIN } },
  fr: { cardinal: fr, currencies: { EUR: fr } },
  es: { cardinal: es, currencies: { EUR: es } },
  ar: { cardinal: ar, currencies: { SAR: ar } },
  az: { cardinal: az, currencies: { AZN: az } },
  pt: { cardinal: pt, currencies: { EUR: pt } },
  it: { cardinal: it, currencies: { EUR: it } },
  vi: { cardinal: vi, currencies: { VND: vi } },
  tr: { cardinal: tr, currencies: { TRY: tr } },
  uk: { cardinal: uk, currencies: { UAH: uk } },
  ru: { cardinal: ru, currencies: { RUB: ru } },
  id: { cardinal: id, currencies: { IDR: id } },
  lt: { cardinal: lt, currencies: { EUR: lt } },
  hu: { cardinal: hu, currencies: { HUF: hu } },
  de: { cardinal: de, currencies: { EUR: de } },
  nl: { cardinal: nl, currencies: { EUR: nl } },
  pl: { cardinal: pl, currencies: { PLN: pl } },
  ro: { cardinal: ro, currencies: { RON: ro } },
  eo: { cardinal: eo, currencies: { EUR: eo } },
};

/** The speller key of a language tag: `en-IN` (Indian English) kept, others by their language (`fr-CA` → `fr`); English otherwise. */
export function wordsLanguage(language: string | null | undefined): string {
  const tag = String(language ?? '')
    .trim()
    .replace('_', '-');
  if (/^en-IN$/i.test(tag)) return 'en-IN';
  const base = tag.split('-')[0].toLowerCase();
  return base in spellers ? base : 'en';
}

/** n2words 4 writes Ukrainian і as the Latin i (`двiстi`): given back in Cyrillic, which Ukrainian words only use. */
const spelling = (language: string, words: string) => (language === 'uk' ? words.replace(/i/g, 'і') : words);

/** `amount` (a decimal value of `currency`) in words; the sign is left out (a credit note says it credits). */
export function amountInWords(amount: number | string, currency: string, language: string | null | undefined): string {
  const key = wordsLanguage(language);
  const spelled = spellers[key];
  const decimals = currencyDecimals(currency);
  const exact = new Dec(amount).abs().toFixed(decimals);
  const own = spelled.currencies[currency.toUpperCase()];
  if (own) return spelling(key, own.toCurrency(exact));
  const [units, minor = ''] = exact.split('.');
  const words = `${spelling(key, spelled.cardinal.toCardinal(BigInt(units)))} ${currency.toUpperCase()}`;
  return minor && BigInt(minor) > 0n ? `${words} ${minor}/${10 ** decimals}` : words;
}

/** The languages spelled in their own words (`en-IN` is Indian English, with lakh and crore). */
export const wordsLanguages = Object.keys(spellers);
