import { closestLocale, defaultLocale, intlTag, isRightToLeft, localeTags } from '@lbo/model/i18n/locales';
import { readUiState, writeUiState } from '../app/ui-state.ts';

/** Locales of the interface (spec 000 §9, model i18n/locales.ts): en-EU by default. */
export { defaultLocale };
export const supportedLocales = localeTags;

/** The tag Intl formats a locale with: `en-EU` → `en`, `mx-MX` → `es-MX`. */
export const intlLocale = (locale: string): string => intlTag(locale);

/** Arabic locales are laid out right to left. */
export const isRtl = (locale: string): boolean => isRightToLeft(locale);

/** The `lang` and `dir` attributes of the document in `locale`. */
export const documentLocale = (locale: string): { lang: string; dir: 'rtl' | 'ltr' } => ({
  lang: intlLocale(locale),
  dir: isRtl(locale) ? 'rtl' : 'ltr',
});

/** The closest supported locale of a language tag (`fr` → `fr-FR`), or undefined. */
export const supportedLocaleOf = (tag: string | undefined | null): string | undefined => closestLocale(tag);

/** Spec 000 §9: the stored locale, else the browser language when supported, else en-EU. */
export function initialLocale(stored: string | null, browser: string | undefined): string {
  return supportedLocaleOf(stored) ?? supportedLocaleOf(browser) ?? defaultLocale;
}

/** The locale chosen in this browser, kept in the interface state. */
export const readStoredLocale = (): string | null => readUiState<string>('locale') ?? null;

export const storeLocale = (locale: string): void => writeUiState('locale', locale);
