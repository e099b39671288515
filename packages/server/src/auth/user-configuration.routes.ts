import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readInTenant, scopeOf, type Db } from '../db/database.ts';
import type { Doc } from '../entities/storage.ts';
import type { SessionCaller } from './sessions.ts';
import { chosenLandingPage, preferencesOf } from './user-preferences.routes.ts';
import { tenantConfigOf, type TenantConfig } from '../db/configuration.ts';
import {
  defaultBottomNavigation,
  defaultMenus,
  featureFlagPathsOf,
  menusFor,
  type MenuItem,
  type ToolPlacement,
} from './menus.ts';
import { flagsFor, isFlagOn, tenantFlags } from './feature-flags.ts';

const environmentName = process.env.APP_ENVIRONMENT ?? 'production';

export const environment = {
  environment: environmentName,
  isProduction: environmentName === 'production',
  isDevelopment: environmentName === 'development',
  isUat: environmentName === 'uat',
  isTest: environmentName === 'test',
  isStaging: environmentName === 'staging',
};

const defaultOptions = {
  firebase: { enabled: false },
  oidc: { useKeepAlive: false },
  allowedRoutes: [] as string[],
  saveOuterPanelsExpandedState: true,
  advancedSearch: true,
  bankAccount: { previewFields: ['bankIban', 'bankBic', 'bankName'] },
  clientRoutes: {},
  // The offline mode (spec 002 §4, §9): off unless the tenant turns it on; contracts kept for offline use.
  offlineSupport: false,
  preloadContractsCount: 10,
};

/** The signed-in user as the shell needs it (spec 000 §3 "User configuration" → user). */
function currentUser(caller: SessionCaller, config: TenantConfig): Doc {
  const user = caller.user;
  return {
    ...user,
    username: user.registration,
    tenant: caller.tenant,
    tenantType: config.type ?? 'PRODUCTION',
    profiles: caller.profiles,
    isAdmin: caller.isAdmin,
    isMainAdmin: caller.isMainAdmin,
    isSuperAdmin: caller.isSuperAdmin,
    impersonatingTenant: caller.impersonatingTenant ?? null,
    ...(caller.context.partnerRegistration ? { partnerRegistration: caller.context.partnerRegistration } : {}),
    ...(caller.context.orgaRegistration ? { orgaRegistration: caller.context.orgaRegistration } : {}),
    contextName: caller.context.name,
    photo: `/api/core/users/${encodeURIComponent(String(user.registration))}/photo`,
  };
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * `GET /api/core/users/current` and `GET /api/script/runs/user-configuration` (loaded after
 * sign-in): the user, options, menus filtered by profiles, permissions and feature flags, permissions,
 * preferences, landing page and environment flags, from the tenant configuration with defaults.
 */
export async function userConfigurationRoutes(
  app: FastifyInstance,
  {
    db,
    preHandler,
    userParts,
    menuTools,
  }: {
    db: Db;
    preHandler: PreHandler;
    /** What the modules add to the user's configuration (a provider's session). */
    userParts: (db: Db, caller: SessionCaller) => Promise<Record<string, unknown>>;
    /** The modules' tool screens, placed in the default menu. */
    menuTools: ToolPlacement[];
  },
) {
  const signedIn = { preHandler, config: { permission: null } };
  const load = async (caller: SessionCaller) => ({
    ...(await readInTenant(db, scopeOf(caller), async (tx) => ({
      config: await tenantConfigOf(tx, caller.tenant),
      preferences: caller.impersonatingTenant ? [] : await preferencesOf(tx, caller.tenant, caller.username),
    }))),
    // A session opened by a provider: its refresh token's age and lifetime (spec 000 §3, §4 renewal).
    providerSession: await userParts(db, caller),
    flags: await tenantFlags(db, scopeOf(caller)),
  });

  app.get('/api/core/users/current', signedIn, async (request) => {
    const { config, providerSession, flags } = await load(request.caller!);
    return {
      ...currentUser(request.caller!, config),
      ...providerSession,
      featureFlags: flagsFor(flags, request.caller!),
    };
  });

  app.get('/api/script/runs/user-configuration', signedIn, async (request) => {
    const caller = request.caller!;
    const { config, preferences, providerSession, flags } = await load(caller);
    const flagOn = (name: string) => isFlagOn(flags, name, caller);
    const allMenus = (config.menus as MenuItem[] | undefined) ?? defaultMenus(menuTools);
    const menus = menusFor(allMenus, caller, caller.profiles, flagOn);
    const firstPath = menus[0]?.menus?.[0]?.path ?? menus[0]?.path;
    return {
      user: { ...currentUser(caller, config), ...providerSession },
      options: { ...defaultOptions, ...(config.options ?? {}) },
      menus,
      responsiveBottomNavigation: menusFor(
        (config.responsiveBottomNavigation as MenuItem[] | undefined) ?? defaultBottomNavigation,
        caller,
        caller.profiles,
        flagOn,
      ),
      userPermissions: Object.fromEntries([...caller.permissions].sort().map((name) => [name, true])),
      userPreferences: preferences,
      landingPage:
        chosenLandingPage(preferences) ??
        config.landingPage ??
        firstPath ??
        '/documentation/getting-started/getting-started',
      environment,
      scriptOverrides: config.scriptOverrides ?? {},
      collectMissingTranslations: config.collectMissingTranslations ?? false,
      // Flags on or off for this user, and the screens their menu entries gate (the web closes those routes).
      featureFlags: flagsFor(flags, caller),
      featureFlagPaths: featureFlagPathsOf(allMenus),
    };
  });
}
