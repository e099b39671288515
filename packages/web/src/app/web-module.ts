import { createContext, useContext, type ComponentType } from 'react';
import type { Entity } from '@lbo/model/entity';

/**
 * What a domain of the web (person, billing, banking…) plugs into the core, which knows none of
 * them: each domain exports one `WebModule` from its `<domain>.module.ts`, the composition root
 * (`app/web-modules.ts`) lists them, and the core reaches the domains only through what that root
 * composed. Screens are lazy (`React.lazy`), translations are loaders: the modules carry no
 * screen, so the bundles that list them stay small.
 */

/** What a kind's screen receives: the kind, and whether it may create a record (the `/x` route). */
export interface ScreenProps {
  entity: Entity;
  canCreate?: boolean;
}

/** Texts keyed by their English wording. */
export type Translations = Record<string, string>;
/** Loads a dictionary when it is first used (French stays out of the bundles until chosen). */
export type TranslationsLoader = () => Promise<Translations>;

/** What the list screen shows when its export went to the background (its live progress, then its file). */
export interface BackgroundExportProps {
  record: Record<string, unknown>;
  onClose(): void;
  openExports(): void;
}

/** Places in the generic screens that a domain may fill. */
export interface WebSlots {
  /** The list screen's dialog for an export gone to the background. */
  backgroundExport?: ComponentType<BackgroundExportProps>;
}

export interface WebModule {
  /** The domain's name: its folder under packages/web/src. */
  name: string;
  /** Detail screens by the key a kind's declaration names (`screens: { detail: 'invoice' }`). */
  detailScreens?: Record<string, ComponentType<ScreenProps>>;
  /** List screens by the key a kind's declaration names (`screens: { list: 'invoices' }`). */
  listScreens?: Record<string, ComponentType<ScreenProps>>;
  /** Tool screens by their route (React Router patterns, spec 000 §2.2), reached from the server's menus. */
  toolScreens?: Record<string, ComponentType>;
  /** The domain's texts by locale, keyed by their English wording. */
  translations?: Record<string, TranslationsLoader>;
  /** The places of the generic screens it fills. */
  slots?: WebSlots;
}

/** The modules put together: what the core reads. */
export interface ComposedWeb {
  detailScreens: Record<string, ComponentType<ScreenProps>>;
  listScreens: Record<string, ComponentType<ScreenProps>>;
  toolScreens: Record<string, ComponentType>;
  slots: WebSlots;
  /** Every module's texts of `locale`, merged; undefined when none ships that locale. */
  translations(locale: string): Promise<Translations | undefined>;
  /** The locales some module ships texts for. */
  locales: string[];
}

/** Adds `entries` to `into`; a key two modules claim is a mistake (one would hide the other). */
function claim<T>(into: Record<string, T>, entries: Record<string, T> | undefined, what: string, module: string) {
  for (const [key, value] of Object.entries(entries ?? {})) {
    if (Object.hasOwn(into, key)) throw new Error(`The web modules claim the ${what} "${key}" twice (${module})`);
    into[key] = value;
  }
}

/** Puts modules together: their screens by key, their slots, their translations by locale. */
export function composeWebModules(modules: WebModule[]): ComposedWeb {
  const detailScreens: ComposedWeb['detailScreens'] = {};
  const listScreens: ComposedWeb['listScreens'] = {};
  const toolScreens: ComposedWeb['toolScreens'] = {};
  const slots: Record<string, unknown> = {};
  const loaders: Record<string, TranslationsLoader[]> = {};
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`The web module "${module.name}" is listed twice`);
    names.add(module.name);
    claim(detailScreens, module.detailScreens, 'detail screen', module.name);
    claim(listScreens, module.listScreens, 'list screen', module.name);
    claim(toolScreens, module.toolScreens, 'tool screen', module.name);
    claim(slots, module.slots as Record<string, unknown> | undefined, 'slot', module.name);
    for (const [locale, load] of Object.entries(module.translations ?? {})) (loaders[locale] ??= []).push(load);
  }
  return {
    detailScreens,
    listScreens,
    toolScreens,
    slots: slots as WebSlots,
    locales: Object.keys(loaders),
    async translations(locale) {
      const load = loaders[locale];
      if (!load) return undefined;
      return Object.assign({}, ...(await Promise.all(load.map((l) => l()))));
    },
  };
}

/** What the signed-in app composed (app/web-modules.ts); none outside it (a test renders a screen alone). */
export const WebModulesContext = createContext<ComposedWeb>(composeWebModules([]));

/** The composed modules: screens by key, tool screens, the slots of the generic screens. */
export const useWebModules = (): ComposedWeb => useContext(WebModulesContext);
