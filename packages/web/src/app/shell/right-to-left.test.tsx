import { describe, expect, it } from 'vitest';
import { isValidElement, type ReactElement } from 'react';
import { locales } from '@lbo/model/i18n/locales';
import { antdFileOf, loadAntdLocale } from './antd-locale.ts';
import { languageMenuItems, localeKey, localesByLanguage } from './language-menu.tsx';
import { isNavigationPosition, savedNavigationPosition } from './navigation-position.ts';

type Item = { key?: string; label?: unknown; children?: Item[] };
const leaves = (items: Item[]): Item[] => items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
const textOf = (label: unknown): string =>
  isValidElement(label) ? String((label as ReactElement<{ children: unknown }>).props.children) : String(label);

describe("antd's texts of every locale", () => {
  it('takes the country file antd has, else the one of the language', () => {
    expect(antdFileOf('fr-BE')).toBe('fr_BE');
    expect(antdFileOf('fr-MA')).toBe('fr_FR');
    expect(antdFileOf('ar-MA')).toBe('ar_EG');
    expect(antdFileOf('mx-MX')).toBe('es_ES');
    expect(antdFileOf('pt-BR')).toBe('pt_BR');
    expect(antdFileOf('en-US')).toBe('en_US');
    expect(antdFileOf('en-EU')).toBe('en_GB');
    expect(antdFileOf('xx-YY')).toBe('en_GB');
  });

  it("loads, for each of the 42 locales, antd's texts in its language", async () => {
    expect(locales).toHaveLength(42);
    for (const locale of locales) {
      const texts = await loadAntdLocale(locale.tag);
      expect(texts.locale.slice(0, 2), locale.tag).toBe(locale.language);
    }
    expect((await loadAntdLocale('de-AT')).Pagination?.items_per_page).not.toBe(
      (await loadAntdLocale('en-EU')).Pagination?.items_per_page,
    );
  });
});

describe('the language menu', () => {
  it('offers all 42 locales by their native names, grouped by language', () => {
    const items = languageMenuItems('en-EU') as Item[];
    const all = leaves(items);
    expect(all.map((item) => item.key).sort()).toEqual(locales.map((l) => localeKey(l.tag)).sort());
    expect(items.length).toBe(localesByLanguage().length);
    expect(items.length).toBeLessThan(20);
    const french = items.find((item) => item.key === 'language:fr');
    expect(textOf(french?.label)).toBe('Français');
    expect(french?.children?.map((item) => textOf(item.label))).toContain('Français (Belgique)');
    expect(all.map((item) => textOf(item.label))).toContain('العربية (المغرب)');
    expect(all.map((item) => textOf(item.label))).toContain('Polski');
  });

  it('ticks the current locale and its language, and no other', () => {
    const items = languageMenuItems('ar-MA') as Item[];
    const ticked = [...items, ...leaves(items)].map((item) => textOf(item.label)).filter((l) => l.startsWith('✓'));
    expect(ticked).toEqual(['✓ العربية', '✓ العربية (المغرب)']);
  });
});

describe('the navigation position', () => {
  it('reads the saved UI preference, and nothing else', () => {
    expect(savedNavigationPosition([{ groupId: 'NAVIGATION', type: 'UI', value: { position: 'collapsed' } }])).toBe(
      'collapsed',
    );
    expect(savedNavigationPosition([{ groupId: 'NAVIGATION', type: 'UI', value: { position: 'bottom' } }])).toBe(
      undefined,
    );
    expect(savedNavigationPosition([{ groupId: 'THEMING', type: 'THEMING', value: { position: 'left' } }])).toBe(
      undefined,
    );
    expect(isNavigationPosition('left')).toBe(true);
  });
});
