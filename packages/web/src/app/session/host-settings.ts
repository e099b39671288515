import { useEffect, useState } from 'react';
import { dataProvider } from '../api/data-provider.ts';
import { setTokenMemo } from '../api/token.ts';

/** Host settings (spec 000 §3); login texts may be per-locale maps. */
export interface HostSettings {
  loginTitle?: string | Record<string, string>;
  loginButtonText?: string | Record<string, string>;
  publicLogo?: string;
  publicLogoUrl?: string;
  windowTitle?: string;
  memoizeToken?: boolean;
  basePath?: string;
  [key: string]: unknown;
}

export const defaultWindowTitle = 'Leasing back office';
export const defaultHostSettings: HostSettings = {
  loginTitle: defaultWindowTitle,
  loginButtonText: 'Sign in',
  windowTitle: defaultWindowTitle,
};

/** A host text for a locale: a plain string, or the entry of the locale, its language or the first one. */
export function hostText(value: HostSettings['loginTitle'], locale: string, fallback: string): string {
  if (!value) return fallback;
  if (typeof value === 'string') return value;
  const language = locale.split('-')[0];
  return value[locale] ?? value[language] ?? Object.values(value)[0] ?? fallback;
}

/** A failing host settings call is ignored: the defaults are used (spec 000 §8). */
export async function fetchHostSettings(): Promise<HostSettings> {
  try {
    const settings = await dataProvider.session.host<HostSettings>(location.hostname);
    setTokenMemo(settings?.memoizeToken === true);
    return { ...defaultHostSettings, ...settings };
  } catch {
    return defaultHostSettings;
  }
}

let loaded: Promise<HostSettings> | undefined;
let current: HostSettings | undefined;

/** The host settings, fetched once per page load. */
export function useHostSettings(): HostSettings {
  const [settings, setSettings] = useState(current);
  useEffect(() => {
    if (current) return;
    loaded ??= fetchHostSettings().then((s) => (current = s));
    let live = true;
    void loaded.then((s) => live && setSettings(s));
    return () => {
      live = false;
    };
  }, []);
  return settings ?? defaultHostSettings;
}
