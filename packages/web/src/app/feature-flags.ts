import { useSession } from './session/session-context.tsx';
import type { UserConfiguration } from './session/configuration.ts';

/**
 * Feature flags in the web, as the server decides them for the signed-in user (the user
 * configuration's `featureFlags`; precedence in docs/feature-flags.md). A flag the tenant does not
 * hold is on, as on the server. The configuration is read again on window focus and every 20 s
 * (session-context.tsx), so a flag turned off shows without signing in again.
 */
type FlagSource = Pick<UserConfiguration, 'featureFlags' | 'featureFlagPaths'> | undefined;

export const isFeatureOn = (configuration: FlagSource, name: string): boolean =>
  configuration?.featureFlags?.[name] ?? true;

/** The flag that is off and gates `pathname` (its screen or one beneath it), if any. */
export function closedFeatureOf(configuration: FlagSource, pathname: string): string | undefined {
  for (const [path, flag] of Object.entries(configuration?.featureFlagPaths ?? {}))
    if ((pathname === path || pathname.startsWith(`${path}/`)) && !isFeatureOn(configuration, flag)) return flag;
  return undefined;
}

/** Whether flag `name` is on for the signed-in user: a card or a button behind a flag shows when it is. */
export function useFeatureFlag(name: string): boolean {
  return isFeatureOn(useSession().configuration, name);
}
