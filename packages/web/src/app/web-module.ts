import { createContext, useContext, type ComponentType } from 'react';
import type { Entity } from '@lbo/model/entity';
import type { CallInterceptor } from './api/client.ts';

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
/** What a card of a record's side column receives: the kind and the record's registration. */
export interface RecordCardProps {
  entity: Entity;
  registration: string;
}

/** A card of a layout script's answer: its title and the names of the fields it shows. */
export interface ScriptLayoutCard {
  title: string;
  fields: string[];
}

/** What a layout script answers (spec 000 §7): the cards of a detail screen. */
export interface ScriptLayout {
  cards: ScriptLayoutCard[];
}

/** A tenant's format-check script, loaded and ready to run at once: null when the value passes, else the message. */
export type FormatCheck = (input: Record<string, unknown>) => string | null;

/** What the cards of a generic detail form's layout script receive: the kind, and the record's type as edited. */
export interface LayoutScriptCardsProps {
  entity: Entity;
  type?: unknown;
}

export interface WebSlots {
  /** Cards a tenant's layout script adds to a generic detail form (`contract-layout`, `asset-layout`), inside the form. */
  layoutScriptCards?: ComponentType<LayoutScriptCardsProps>;
  /**
   * Runs a screen's layout script (names most specific first: `asset-layout-CAR`, `asset-layout`)
   * on its default layout: the layout to show; undefined while it loads or when the tenant has none.
   */
  useLayoutScript?: (names: string[], defaultLayout: ScriptLayout) => ScriptLayout | undefined;
  /** The tenant's format-check script of that name, ready to run; undefined while it loads or when the tenant has none. */
  useFormatCheck?: (name: string) => FormatCheck | undefined;
  /** The list screen's dialog for an export gone to the background. */
  backgroundExport?: ComponentType<BackgroundExportProps>;
  /** The Notes card of every detail screen's side column. */
  notesCard?: ComponentType<RecordCardProps>;
  /** The Tasks card of every detail screen's side column. */
  tasksCard?: ComponentType<RecordCardProps>;
  /** The header's notification bell (unread count, the inbox). */
  notificationBell?: ComponentType;
  /** The header's search box and the ctrl+K palette over every kind. */
  globalSearch?: ComponentType;
  /** The header's state of the app (offline, changes waiting to be sent) and the dialogs it opens. */
  appStatus?: ComponentType;
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
  /** Pages reached without signing in (a link in a mail), by their path. */
  publicScreens?: Record<string, ComponentType>;
  /** The domain's texts by locale, keyed by their English wording. */
  translations?: Record<string, TranslationsLoader>;
  /** The places of the generic screens it fills. */
  slots?: WebSlots;
  /** Answers calls of the data client itself (the offline mode); one module at most. */
  callInterceptor?: CallInterceptor;
  /** Run once when the app starts, before the first screen (light: a module's heavy parts load later). */
  start?(): void;
}

/** The modules put together: what the core reads. */
export interface ComposedWeb {
  detailScreens: Record<string, ComponentType<ScreenProps>>;
  listScreens: Record<string, ComponentType<ScreenProps>>;
  toolScreens: Record<string, ComponentType>;
  publicScreens: Record<string, ComponentType>;
  slots: WebSlots;
  /** The one module's interceptor of the data client's calls, if any. */
  callInterceptor?: CallInterceptor;
  /** Runs every module's `start`. */
  start(): void;
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
  const publicScreens: ComposedWeb['publicScreens'] = {};
  const slots: Record<string, unknown> = {};
  const loaders: Record<string, TranslationsLoader[]> = {};
  const names = new Set<string>();
  let callInterceptor: CallInterceptor | undefined;
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`The web module "${module.name}" is listed twice`);
    names.add(module.name);
    if (module.callInterceptor && callInterceptor)
      throw new Error(`The web modules bring two interceptors of the calls (${module.name})`);
    callInterceptor ??= module.callInterceptor;
    claim(detailScreens, module.detailScreens, 'detail screen', module.name);
    claim(listScreens, module.listScreens, 'list screen', module.name);
    claim(toolScreens, module.toolScreens, 'tool screen', module.name);
    claim(publicScreens, module.publicScreens, 'public screen', module.name);
    claim(slots, module.slots as Record<string, unknown> | undefined, 'slot', module.name);
    for (const [locale, load] of Object.entries(module.translations ?? {})) (loaders[locale] ??= []).push(load);
  }
  return {
    detailScreens,
    listScreens,
    toolScreens,
    publicScreens,
    slots: slots as WebSlots,
    callInterceptor,
    start: () => {
      for (const module of modules) module.start?.();
    },
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
