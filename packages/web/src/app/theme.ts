/**
 * Dark mode (spec 000 §3, §9): the THEMING preference holds colorScheme (followSystem, dark
 * or light) and the dark filter's brightness, contrast and sepia (defaults 100, 90, 10).
 * dark enables it; followSystem only when the system is dark; light or unset disables it.
 */
export type ColorScheme = 'followSystem' | 'dark' | 'light';

export interface ThemePreference {
  colorScheme?: ColorScheme;
  darkModeBrightness?: number;
  darkModeContrast?: number;
  darkModeSepia?: number;
}

export const themeDefaults = { darkModeBrightness: 100, darkModeContrast: 90, darkModeSepia: 10 };

export function isDark(preference: ThemePreference | undefined, systemDark: boolean): boolean {
  if (preference?.colorScheme === 'dark') return true;
  if (preference?.colorScheme === 'followSystem') return systemDark;
  return false;
}

/** The CSS filter of the dark mode, or none. */
export function darkFilter(preference: ThemePreference | undefined, systemDark: boolean): string | undefined {
  if (!isDark(preference, systemDark)) return undefined;
  const p = { ...themeDefaults, ...preference };
  return `brightness(${p.darkModeBrightness}%) contrast(${p.darkModeContrast}%) sepia(${p.darkModeSepia}%)`;
}
