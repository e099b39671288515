import { readUiState, writeUiState } from '../app/ui-state.ts';

/** Locales of the interface (spec 000 §9): en-EU by default, fr-FR. */
export const defaultLocale = 'en-EU';
export const supportedLocales = ['en-EU', 'fr-FR'] as const;

/** Intl has no `en-EU`: English with comma thousands and period decimals is plain `en`. */
export function intlLocale(locale: string): string {
  return locale === 'en-EU' ? 'en' : locale;
}

/** Arabic locales are laid out right to left. */
export const isRtl = (locale: string): boolean => /^ar\b/i.test(locale);

/** The `lang` and `dir` attributes of the document in `locale`. */
export const documentLocale = (locale: string): { lang: string; dir: 'rtl' | 'ltr' } => ({
  lang: intlLocale(locale),
  dir: isRtl(locale) ? 'rtl' : 'ltr',
});

/** The closest supported locale of a language tag (`fr` → `fr-FR`), or undefined. */
export function supportedLocaleOf(tag: string | undefined | null): string | undefined {
  if (!tag) return undefined;
  const exact = supportedLocales.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.toLowerCase().split(/[-_]/)[0];
  return language === 'fr' ? 'fr-FR' : undefined;
}

/** Spec 000 §9: the stored locale, else the browser language when supported, else en-EU. */
export function initialLocale(stored: string | null, browser: string | undefined): string {
  return supportedLocaleOf(stored) ?? supportedLocaleOf(browser) ?? defaultLocale;
}

/** The locale chosen in this browser, kept in the interface state. */
export const readStoredLocale = (): string | null => readUiState<string>('locale') ?? null;

export const storeLocale = (locale: string): void => writeUiState('locale', locale);
