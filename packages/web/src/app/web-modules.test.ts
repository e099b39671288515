import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from '../i18n/locale.ts';
import { toolRoutes } from './shell/AppRoutes.tsx';
import { composeWebModules, type WebModule } from './web-module.ts';
import { composedWeb, webModules } from './web-modules.ts';

/**
 * The web's domains plug into a core that knows none of them: each domain folder has one module,
 * listed once by the composition root, whose screens are loaded on first use.
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const coreFolders = ['app', 'entities', 'fields', 'i18n'];
const lazyType = Symbol.for('react.lazy');

const folders = fs
  .readdirSync(srcDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the web modules', () => {
  it('are one per domain folder, named after it, each listed once by the composition root', () => {
    const domains = folders.filter((folder) => !coreFolders.includes(folder)).sort();
    expect(domains.length).toBeGreaterThanOrEqual(8);
    for (const domain of domains) {
      const modules = fs.readdirSync(path.join(srcDir, domain)).filter((name) => /\.module\.tsx?$/.test(name));
      expect(modules, domain).toEqual([expect.stringMatching(new RegExp(`^${domain}\\.module\\.tsx?$`))]);
    }
    expect(webModules.map((module) => module.name).sort()).toEqual(domains);
  });

  it('bring screens that are loaded on first use', () => {
    const screens = webModules.flatMap((module) => [
      ...Object.values(module.detailScreens ?? {}),
      ...Object.values(module.listScreens ?? {}),
      ...Object.values(module.toolScreens ?? {}),
      // Slots named use… are hooks, not screens: what they render is the caller's.
      ...Object.entries(module.slots ?? {})
        .filter(([slot]) => !slot.startsWith('use'))
        .map(([, screen]) => screen),
    ]);
    expect(screens.length).toBeGreaterThan(25);
    for (const screen of screens) expect((screen as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
  });

  it('put their tool screens on routes of the spec, and fill the list export slot', () => {
    expect(Object.keys(composedWeb.toolScreens).filter((route) => !toolRoutes.includes(route))).toEqual([]);
    expect(composedWeb.toolScreens).toHaveProperty('/crons');
    expect(composedWeb.slots.backgroundExport).toBeDefined();
  });

  it('ship texts in supported locales only, and no two modules word a text differently', async () => {
    expect(composedWeb.locales.filter((locale) => !(supportedLocales as readonly string[]).includes(locale))).toEqual(
      [],
    );
    for (const locale of composedWeb.locales) {
      const seen = new Map<string, [string, string]>();
      const clashes: string[] = [];
      for (const module of webModules) {
        const texts = (await module.translations?.[locale]?.()) ?? {};
        for (const [english, text] of Object.entries(texts)) {
          const before = seen.get(english);
          if (before && before[1] !== text) clashes.push(`${english}: ${before[0]} and ${module.name}`);
          seen.set(english, [module.name, text]);
        }
      }
      expect(clashes, locale).toEqual([]);
    }
  });
});

describe('composing modules', () => {
  const Screen = () => null;
  const fr = async () => ({ Invoice: 'Facture' });

  it('gathers screens by key, slots and texts by locale', async () => {
    const web = composeWebModules([
      { name: 'a', detailScreens: { a: Screen }, translations: { 'fr-FR': fr } },
      {
        name: 'b',
        listScreens: { b: Screen },
        slots: { backgroundExport: Screen },
        translations: { 'fr-FR': async () => ({ Pay: 'Payer' }) },
      },
    ]);
    expect(Object.keys(web.detailScreens)).toEqual(['a']);
    expect(Object.keys(web.listScreens)).toEqual(['b']);
    expect(web.slots.backgroundExport).toBe(Screen);
    expect(await web.translations('fr-FR')).toEqual({ Invoice: 'Facture', Pay: 'Payer' });
    expect(await web.translations('de-DE')).toBeUndefined();
  });

  it('refuses a key, a route, a slot or a module claimed twice', () => {
    const twice = (a: Partial<WebModule>, b: Partial<WebModule>) => () =>
      composeWebModules([
        { name: 'a', ...a },
        { name: 'b', ...b },
      ]);
    expect(twice({ detailScreens: { x: Screen } }, { detailScreens: { x: Screen } })).toThrow(/detail screen "x"/);
    expect(twice({ listScreens: { x: Screen } }, { listScreens: { x: Screen } })).toThrow(/list screen "x"/);
    expect(twice({ toolScreens: { '/x': Screen } }, { toolScreens: { '/x': Screen } })).toThrow(/tool screen/);
    expect(twice({ slots: { backgroundExport: Screen } }, { slots: { backgroundExport: Screen } })).toThrow(/slot/);
    expect(twice({}, { name: 'a' })).toThrow(/listed twice/);
  });
});
