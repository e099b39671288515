import { localeTags } from '../i18n/locales.ts';
import { capitalize, items, type ListItem } from './item.ts';

/** ISO 3166-1 alpha-2: every officially assigned country code. Names come from Intl. */
const countryCodes = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

/**
 * Spec 000 §9 currencies first (RMB is the spec's name for the yuan, ISO CNY), then other ISO
 * 4217 codes commonly met in leasing.
 */
const currencyCodes = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
  'HUF',
  'RUB',
  'MXN',
  'PHP',
  'RMB',
  'MAD',
  'DZD',
  'TND',
  'EGP',
  'XOF',
  'XAF',
  'XPF',
  'CDF',
  'GNF',
  'MGA',
  'MZN',
  'AUD',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'NOK',
  'SEK',
  'PLN',
  'RON',
  'BGN',
  'TRY',
  'UAH',
  'BRL',
  'INR',
  'ZAR',
  'SGD',
  'HKD',
  'NZD',
  'AED',
  'SAR',
  'ILS',
];
const currencyAliases: Record<string, string> = { RMB: 'CNY' };

/**
 * Spec 000 §9 locales (about forty). mx-MX is the spec's code for Mexican Spanish; en-EU is the
 * default locale.
 */
const localeCodes = [
  'en-EU',
  'en-GB',
  'en-US',
  'en-IE',
  'en-IN',
  'en-PH',
  'fr-FR',
  'fr-BE',
  'fr-CH',
  'fr-LU',
  'fr-CA',
  'fr-MA',
  'fr-TN',
  'fr-DZ',
  'fr-PF',
  'fr-NC',
  'fr-SN',
  'fr-CI',
  'fr-CM',
  'fr-CD',
  'fr-GN',
  'fr-MG',
  'de-DE',
  'de-AT',
  'de-CH',
  'es-ES',
  'mx-MX',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'pt-MZ',
  'ru-RU',
  'hu-HU',
  'lt-LT',
  'pl-PL',
  'ro-RO',
  'tr-TR',
  'uk-UA',
  'ja-JP',
  'zh-CN',
  'ar-DZ',
  'ar-EG',
  'ar-MA',
  'ar-TN',
];
const localeAliases: Record<string, string> = { 'mx-MX': 'es-MX' };

/** The name of a country, currency or language in `language`, from the runtime's CLDR data. */
export function intlName(names: NonNullable<ListItem['names']>, language: string, value: string): string {
  const name = new Intl.DisplayNames([language], { type: names.type, languageDisplay: 'standard' }).of(names.code);
  const text = capitalize(name ?? value, language);
  return names.withCode ? `${text} (${value})` : text;
}

type NameType = 'region' | 'currency' | 'language';

/** Labels in English and French from the runtime's CLDR data, so no name is typed by hand. */
const named = (type: NameType, codes: string[], aliases: Record<string, string> = {}, withCode = false): ListItem[] => {
  const options: Intl.DisplayNamesOptions = { type, languageDisplay: 'standard' };
  const en = new Intl.DisplayNames(['en'], options);
  const fr = new Intl.DisplayNames(['fr'], options);
  const label = (names: Intl.DisplayNames, language: string, code: string) => {
    const name = capitalize(names.of(aliases[code] ?? code) ?? code, language);
    return withCode ? `${name} (${code})` : name;
  };
  return codes.map((value) => ({
    value,
    label: { en: label(en, 'en', value), fr: label(fr, 'fr', value) },
    names: { type, code: aliases[value] ?? value, withCode: withCode || undefined },
  }));
};

export const geographyLists: Record<string, ListItem[]> = {
  country: named('region', countryCodes),
  currency: named('currency', currencyCodes, currencyAliases, true),
  locale: named('language', [...new Set([...localeTags, ...localeCodes])], localeAliases),
  addressType: items([
    ['MAIN', 'Main address', 'Adresse principale'],
    ['HEAD_OFFICE', 'Head office', 'Siège social'],
    ['BRANCH', 'Branch', 'Établissement secondaire'],
    ['BILLING', 'Billing address', 'Adresse de facturation'],
    ['DELIVERY', 'Delivery address', 'Adresse de livraison'],
    ['POSTAL', 'Postal address', 'Adresse postale'],
    ['HOME', 'Home', 'Domicile'],
    ['WORK', 'Work', 'Adresse professionnelle'],
  ]),
};
