/**
 * The locales of the product (spec 000 §1 and §9): about forty, chosen for a lessor working in
 * Europe, the Maghreb, the Middle East and Latin America (docs/locales.md). A locale names the
 * language whose texts it shows (one dictionary per language, `texts/{language}.json`, keyed by the
 * English wording), the tag Intl formats it with, its usual currency, its day format and the first
 * day of its week, and whether it is laid out right to left.
 */

/** Spec 000 §9: French and Belgian DD/MM/YYYY, en-US MM-DD-YYYY, Lithuanian YYYY-MM-DD, default DD-MM-YYYY. */
export type DateFormat = 'DD/MM/YYYY' | 'MM-DD-YYYY' | 'YYYY-MM-DD' | 'DD-MM-YYYY';

export interface LocaleInfo {
  /** The product's tag: `fr-FR`, `en-EU`, `mx-MX` (the spec's name of Mexican Spanish). */
  tag: string;
  /** The tag Intl knows: `en-EU` → `en`, `mx-MX` → `es-MX`. */
  intl: string;
  /** The language of its texts: `fr`, `es`, `ar`… (`en` needs no dictionary). */
  language: string;
  /** Its name in its own language, as the language menu shows it. */
  name: string;
  /** The currency of amounts entered without one. */
  currency: string;
  dateFormat: DateFormat;
  /** The first day of a week in date pickers: 0 Sunday, 1 Monday, 6 Saturday. */
  weekStart: 0 | 1 | 6;
  rtl: boolean;
}

/** The languages whose texts ship, besides English (the keys). */
export const translatedLanguages = [
  'fr',
  'de',
  'es',
  'it',
  'nl',
  'pt',
  'ru',
  'uk',
  'hu',
  'lt',
  'pl',
  'ro',
  'tr',
  'ar',
] as const;
export type TranslatedLanguage = (typeof translatedLanguages)[number];

type Row = [tag: string, name: string, currency: string, weekStart?: 0 | 1 | 6, intl?: string];

/** The default locale, and the other locales by language. */
const rows: Row[] = [
  ['en-EU', 'English (Europe)', 'EUR', 1, 'en'],
  ['en-GB', 'English (United Kingdom)', 'GBP'],
  ['en-IE', 'English (Ireland)', 'EUR'],
  ['en-US', 'English (United States)', 'USD', 0],
  ['en-IN', 'English (India)', 'INR', 0],
  ['fr-FR', 'Français (France)', 'EUR'],
  ['fr-BE', 'Français (Belgique)', 'EUR'],
  ['fr-CH', 'Français (Suisse)', 'CHF'],
  ['fr-LU', 'Français (Luxembourg)', 'EUR'],
  ['fr-MA', 'Français (Maroc)', 'MAD'],
  ['fr-DZ', 'Français (Algérie)', 'DZD', 6],
  ['fr-TN', 'Français (Tunisie)', 'TND'],
  ['fr-SN', 'Français (Sénégal)', 'XOF'],
  ['fr-CI', "Français (Côte d'Ivoire)", 'XOF'],
  ['fr-PF', 'Français (Polynésie française)', 'XPF'],
  ['de-DE', 'Deutsch (Deutschland)', 'EUR'],
  ['de-AT', 'Deutsch (Österreich)', 'EUR'],
  ['de-CH', 'Deutsch (Schweiz)', 'CHF'],
  ['es-ES', 'Español (España)', 'EUR'],
  ['mx-MX', 'Español (México)', 'MXN', 0, 'es-MX'],
  ['es-AR', 'Español (Argentina)', 'ARS'],
  ['es-CO', 'Español (Colombia)', 'COP', 0],
  ['es-CL', 'Español (Chile)', 'CLP'],
  ['es-PE', 'Español (Perú)', 'PEN', 0],
  ['it-IT', 'Italiano (Italia)', 'EUR'],
  ['nl-NL', 'Nederlands (Nederland)', 'EUR'],
  ['nl-BE', 'Nederlands (België)', 'EUR'],
  ['pt-PT', 'Português (Portugal)', 'EUR', 0],
  ['pt-BR', 'Português (Brasil)', 'BRL', 0],
  ['pl-PL', 'Polski', 'PLN'],
  ['ro-RO', 'Română', 'RON'],
  ['hu-HU', 'Magyar', 'HUF'],
  ['lt-LT', 'Lietuvių', 'EUR'],
  ['ru-RU', 'Русский', 'RUB'],
  ['uk-UA', 'Українська', 'UAH'],
  ['tr-TR', 'Türkçe', 'TRY'],
  ['ar-MA', 'العربية (المغرب)', 'MAD'],
  ['ar-DZ', 'العربية (الجزائر)', 'DZD', 6],
  ['ar-TN', 'العربية (تونس)', 'TND'],
  ['ar-EG', 'العربية (مصر)', 'EGP', 6],
  ['ar-SA', 'العربية (السعودية)', 'SAR', 0],
  ['ar-AE', 'العربية (الإمارات)', 'AED', 1],
];

/** Spec 000 §9: the day format of a locale. */
function dateFormatOfTag(tag: string): DateFormat {
  if (/^fr-(FR|BE)$/i.test(tag)) return 'DD/MM/YYYY';
  if (/^en-US$/i.test(tag)) return 'MM-DD-YYYY';
  if (/^lt\b/i.test(tag)) return 'YYYY-MM-DD';
  return 'DD-MM-YYYY';
}

export const locales: readonly LocaleInfo[] = rows.map(([tag, name, currency, weekStart = 1, intl = tag]) => {
  const language = tag === 'mx-MX' ? 'es' : tag.slice(0, 2);
  return { tag, intl, language, name, currency, dateFormat: dateFormatOfTag(tag), weekStart, rtl: language === 'ar' };
});

export const defaultLocale = 'en-EU';
export const localeTags: readonly string[] = locales.map((l) => l.tag);

const byTag = new Map(locales.map((l) => [l.tag.toLowerCase(), l]));
/** The first locale of each language: `fr` → `fr-FR`, `es` → `es-ES`, `ar` → `ar-MA`. */
const firstOfLanguage = new Map<string, LocaleInfo>();
for (const l of locales) if (!firstOfLanguage.has(l.language)) firstOfLanguage.set(l.language, l);
firstOfLanguage.set('en', byTag.get('en-eu')!);

/** The locale of a tag the product ships (`fr-fr`, `fr_FR`, `es-MX` → `mx-MX`), or undefined. */
export function localeInfo(tag: string | null | undefined): LocaleInfo | undefined {
  if (!tag) return undefined;
  const key = tag.replace(/_/g, '-').toLowerCase();
  return byTag.get(key) ?? (key === 'es-mx' ? byTag.get('mx-mx') : undefined);
}

/** The closest locale the product ships for a language tag: itself, else the first of its language (`fr` → `fr-FR`). */
export function closestLocale(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  const exact = localeInfo(tag);
  if (exact) return exact.tag;
  return firstOfLanguage.get(tag.toLowerCase().split(/[-_]/)[0])?.tag;
}

/** The language of a locale's texts (`fr-BE` → `fr`, `mx-MX` → `es`); English for a locale not shipped. */
export function languageOf(tag: string | null | undefined): string {
  return localeInfo(tag)?.language ?? closestLocaleInfo(tag)?.language ?? 'en';
}

const closestLocaleInfo = (tag: string | null | undefined) => localeInfo(closestLocale(tag));

/** The tag Intl formats a locale with (`en-EU` → `en`, `mx-MX` → `es-MX`); a tag not shipped is passed through. */
export function intlTag(tag: string): string {
  return localeInfo(tag)?.intl ?? tag;
}

/** Arabic locales (and any other right-to-left language) are laid out right to left. */
export const isRightToLeft = (tag: string | null | undefined): boolean =>
  localeInfo(tag)?.rtl ?? /^(ar|he|fa|ur)\b/i.test(String(tag ?? ''));
