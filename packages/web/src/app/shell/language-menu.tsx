import type { MenuProps } from 'antd';
import { locales, type LocaleInfo } from '@lbo/model/i18n/locales';

type Item = NonNullable<MenuProps['items']>[number];

/** The key of a locale's item in the user menu. */
export const localeKey = (tag: string) => `locale:${tag}`;

/** A language's name in its own words: the locale's native name without its country (`Français (Belgique)` → `Français`). */
export const languageName = (locale: LocaleInfo) => locale.name.replace(/\s*\(.*\)\s*$/, '');

/** The locales grouped by language, in the order of the model (English first). */
export function localesByLanguage(): { language: string; name: string; locales: LocaleInfo[] }[] {
  const groups = new Map<string, LocaleInfo[]>();
  for (const locale of locales) groups.set(locale.language, [...(groups.get(locale.language) ?? []), locale]);
  return [...groups].map(([language, members]) => ({ language, name: languageName(members[0]), locales: members }));
}

const mark = (current: boolean, label: string) => `${current ? '✓ ' : ''}${label}`;

/**
 * The language menu: every locale by its native name, one sub-menu per language that has several
 * (English, Français, Español, العربية…), a single one shown at once (Polski, Türkçe). The current
 * locale and its language are ticked. Each item says its language (`lang`, and `dir` for Arabic) so
 * that a screen reader reads it in that language and Arabic names run right to left in any locale.
 */
export function languageMenuItems(current: string): Item[] {
  const localeItem = (locale: LocaleInfo, label: string): Item => ({
    key: localeKey(locale.tag),
    label: (
      <span lang={locale.intl} dir={locale.rtl ? 'rtl' : 'ltr'}>
        {mark(locale.tag === current, label)}
      </span>
    ),
  });
  return localesByLanguage().map((group) =>
    group.locales.length === 1
      ? localeItem(group.locales[0], group.locales[0].name)
      : {
          key: `language:${group.language}`,
          label: (
            <span lang={group.language} dir={group.locales[0].rtl ? 'rtl' : 'ltr'}>
              {mark(
                group.locales.some((l) => l.tag === current),
                group.name,
              )}
            </span>
          ),
          children: group.locales.map((l) => localeItem(l, l.name)),
        },
  );
}
