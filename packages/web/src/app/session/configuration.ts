import { ApiFailure } from '../api/api-failure.ts';

/** The signed-in user as the configuration gives it (spec 000 §3). */
export interface SessionUser {
  username: string;
  tenant: string;
  locale?: string;
  timeZone?: string;
  profiles?: string[];
  isAdmin?: boolean;
  isMainAdmin?: boolean;
  isSuperAdmin?: boolean;
  impersonatingTenant?: string;
  personRegistration?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  [key: string]: unknown;
}

/** Whether the user administers the tenant at any level (admin, main admin, super admin). */
export const isAdminUser = (user: Pick<SessionUser, 'isAdmin' | 'isMainAdmin' | 'isSuperAdmin'> | undefined | null) =>
  Boolean(user?.isAdmin || user?.isMainAdmin || user?.isSuperAdmin);

export interface MenuItem {
  path: string;
  menus?: MenuItem[];
  redirect?: string;
  hidden?: boolean;
  profiles?: string[];
  label?: string;
}

export interface UserPreference {
  _id?: string;
  groupId: string;
  type: 'SEARCH_FILTER' | 'TABLE_CONFIGURATION' | 'CONTENT' | 'UI' | 'PINNED_ITEM' | string;
  value: unknown;
}

export interface UserConfiguration {
  user: SessionUser;
  options: {
    allowedRoutes?: string[];
    publicPath?: string;
    allowDebugMode?: boolean;
    firebase?: { enabled?: boolean } | false;
    [key: string]: unknown;
  };
  menus: MenuItem[];
  responsiveBottomNavigation?: MenuItem[];
  userPermissions: Record<string, boolean>;
  userPreferences: UserPreference[];
  landingPage: string;
  environment?: Record<string, unknown>;
  collectMissingTranslations?: boolean;
  /** Feature flags on or off for the user; a flag not named is on (app/feature-flags.ts). */
  featureFlags?: Record<string, boolean>;
  /** The screens a flag gates, by path (closed while it is off). */
  featureFlagPaths?: Record<string, string>;
  /** True when the configuration could not be loaded and the minimal one is used. */
  minimal?: boolean;
}

/** Spec 000 §2.1: the landing page when the configuration cannot be loaded. */
export const fallbackLandingPage = '/documentation/getting-started/getting-started';

/** Spec 000 §8: no menus, documentation landing page, firebase disabled. */
export function minimalConfiguration(user: SessionUser): UserConfiguration {
  return {
    user,
    options: { firebase: false },
    menus: [],
    responsiveBottomNavigation: [],
    userPermissions: {},
    userPreferences: [],
    landingPage: fallbackLandingPage,
    minimal: true,
  };
}

export interface ConfigurationSources {
  configuration: () => Promise<Partial<UserConfiguration>>;
  currentUser: () => Promise<SessionUser>;
}

const isUnauthorized = (error: unknown) => error instanceof ApiFailure && error.status === 401;

/**
 * Loads the user configuration after sign-in: a 401 is rethrown; any other failure falls
 * back to `GET /api/core/users/current` and the minimal configuration; when that fails too,
 * the user of the sign-in answer is used.
 */
export async function loadConfiguration(
  sources: ConfigurationSources,
  signedIn?: SessionUser,
  log: (...args: unknown[]) => void = console.error,
): Promise<UserConfiguration> {
  try {
    const loaded = await sources.configuration();
    if (!loaded || typeof loaded !== 'object' || !loaded.user) throw new Error('configuration without user');
    return {
      ...minimalConfiguration(loaded.user),
      ...loaded,
      options: loaded.options ?? {},
      menus: loaded.menus ?? [],
      userPermissions: loaded.userPermissions ?? {},
      userPreferences: loaded.userPreferences ?? [],
      landingPage: loaded.landingPage || fallbackLandingPage,
      minimal: false,
    } as UserConfiguration;
  } catch (error) {
    if (isUnauthorized(error)) throw error;
    log('User configuration could not be loaded', error);
  }
  try {
    return minimalConfiguration(await sources.currentUser());
  } catch (error) {
    if (isUnauthorized(error) || !signedIn) throw error;
    return minimalConfiguration(signedIn);
  }
}
