import { dataProvider } from '../api/data-provider.ts';
import { addTranslations, applyStringOverrides, i18n, loadShippedTranslations, onMissingKey } from '../../i18n/i18n.ts';
import { api } from '../api/client.ts';
import { apiPaths } from '../api/data-provider.ts';
import { missingKeyCollector } from '../../i18n/i18n.ts';
import { readStoredLocale, storeLocale, supportedLocaleOf } from '../../i18n/locale.ts';
import type { SessionUser, UserConfiguration } from './configuration.ts';
import { loadAntdLocale } from '../shell/antd-locale.ts';

/** Loads the shipped texts of `locale`, then the tenant's translations over them (a missing locale is not an error). */
async function loadTranslations(locale: string) {
  await loadShippedTranslations(locale);
  try {
    const record = await dataProvider.session.locale<{ translations?: Record<string, string> }>(locale);
    if (record?.translations && typeof record.translations === 'object') addTranslations(locale, record.translations);
  } catch {
    // No tenant translations: the shipped ones are used.
  }
}

/**
 * Reads the tenant's string overrides (spec 000 §7) and puts them in force over every text; a
 * failure keeps those in force. Called after sign-in, with each refresh of the configuration and
 * after an override is saved.
 */
export async function refreshStringOverrides() {
  try {
    const overrides = await api.get<Record<string, Record<string, string>>>(apiPaths.scriptRun('string-overrides'), {
      silent: true,
    });
    if (overrides && typeof overrides === 'object') applyStringOverrides(overrides);
  } catch {
    // Kept as they are: the next refresh tries again.
  }
}

/**
 * Switches the interface to a locale and remembers it: in this browser, and as the user's `locale`
 * (quietly: the choice applies even when the server copy cannot be written). antd's own texts are
 * loaded first, so that the screen changes language in one go.
 */
export async function changeLocale(locale: string, user?: SessionUser) {
  storeLocale(locale);
  await Promise.all([loadTranslations(locale), loadAntdLocale(locale)]);
  await i18n.changeLanguage(locale);
  if (user)
    await api
      .patch(`/api/core/users/${encodeURIComponent(user.username)}`, { locale }, { silent: true })
      .catch(() => undefined);
}

/**
 * After sign-in: the stored choice wins, then the user's locale; translations are loaded and
 * missing keys collected when the configuration asks for them.
 */
export async function applyUserLocale(configuration: UserConfiguration) {
  const locale = supportedLocaleOf(readStoredLocale()) ?? supportedLocaleOf(configuration.user.locale) ?? i18n.language;
  onMissingKey(
    configuration.collectMissingTranslations
      ? missingKeyCollector((lng, keysToAdd) => dataProvider.session.missingKeys(lng, keysToAdd))
      : undefined,
  );
  await Promise.all([loadTranslations(locale), loadAntdLocale(locale), refreshStringOverrides()]);
  if (locale !== i18n.language) await i18n.changeLanguage(locale);
}
