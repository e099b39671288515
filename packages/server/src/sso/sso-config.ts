import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import type { Db, Tx } from '../db/database.ts';
import { readInTenant } from '../db/database.ts';
import { readConfiguration } from '../db/configuration.ts';
import { frameAncestorsProblem } from '../http/host-settings.ts';

/**
 * A tenant's single sign-on configuration: the tenant configuration document `sso`, holding its
 * OpenID Connect and SAML providers and the hosts given to it (spec 000 §3 host settings). Ids and
 * host names belong to one tenant (db/migrations/0003_sso.ts). Secrets (client secret, the service
 * provider's private keys) are kept here and never answered: a read shows them masked, and a write
 * that sends the mask, or leaves them out, keeps the stored ones.
 */
const id = z.string().regex(/^[A-Za-z0-9][\w.-]{0,99}$/, 'letters, digits, dot, dash and underscore');
const url = z.url({ protocol: /^https?$/ });
const text = z.string().trim().min(1).max(2000);
const localeText = z.union([text, z.record(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/), text)]);

/** How users are found and, optionally, created from a provider's claims or attributes. */
const provisioning = z.strictObject({
  /** Creates a user unknown to the tenant on its first sign-in. */
  enabled: z.boolean(),
  /** The claim (or SAML attribute) listing the user's groups. */
  groupsClaim: z.string().min(1).max(100).optional(),
  /** Profiles granted per group. */
  profileMapping: z.record(z.string().max(200), z.array(z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/))).optional(),
  /** Profiles every provisioned user gets. */
  defaultProfiles: z.array(z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/)).optional(),
  /** Claims copied to the user's fields, `{firstName: 'given_name'}`. */
  fields: z
    .partialRecord(z.enum(['firstName', 'lastName', 'email', 'locale', 'timeZone']), z.string().max(100))
    .optional(),
});

const oidcProvider = z.strictObject({
  oidcId: id,
  label: localeText.optional(),
  /** The issuer; its discovery document gives the endpoints and keys. */
  issuer: url,
  clientId: text,
  clientSecret: text.optional(),
  /** The app's page the provider answers to, `https://host/authentication`. */
  redirectUri: url,
  postLogoutRedirectUri: url.optional(),
  scope: text.optional(),
  acrValues: text.optional(),
  connection: text.optional(),
  responseMode: z.enum(['query', 'fragment']).optional(),
  /** The claim matched against usernames; `email` by default. */
  userClaim: z.string().min(1).max(100).optional(),
  /**
   * The `email` claim names a user only when the provider says `email_verified: true`; this
   * trusts a provider that sends no `email_verified` at all (never one that says false).
   */
  trustEmailWithoutVerifiedClaim: z.boolean().optional(),
  provisioning: provisioning.optional(),
  /** Lifetime of the provider's refresh tokens, when its token answers do not say (`refresh_expires_in`). */
  refreshTokenExpiresIn: z
    .number()
    .int()
    .positive()
    .max(366 * 86400)
    .optional(),
  /** Seconds of clock difference tolerated on the ID token's times; 30 by default. */
  clockTolerance: z.number().int().min(0).max(300).optional(),
  /** Keep-alive calls from the web client (user configuration options.oidc.useKeepAlive). */
  useKeepAlive: z.boolean().optional(),
});

const samlProvider = z.strictObject({
  id,
  label: localeText.optional(),
  /** The identity provider's sign-in address (HTTP-Redirect binding). */
  entryPoint: url,
  logoutUrl: url.optional(),
  /** The identity provider's signing certificates (PEM or base64). */
  idpCert: z.union([text.max(20000), z.array(text.max(20000)).min(1).max(5)]),
  idpIssuer: text.optional(),
  /** This application's entity id, the audience assertions must name. */
  issuer: text,
  /** Where the identity provider posts its answer: `https://host/api/core/saml/{id}/assert`. */
  callbackUrl: url,
  /** The app's page a signed-in user is sent to with a one-time token, `https://host/authentication`. */
  appUrl: url,
  /** The attribute matched against usernames; the NameID by default. */
  userAttribute: z.string().min(1).max(200).optional(),
  /** Signs authentication and logout requests. */
  privateKey: text.max(20000).optional(),
  /** Decrypts encrypted assertions. */
  decryptionPvk: text.max(20000).optional(),
  provisioning: provisioning.optional(),
  /** Milliseconds of clock difference tolerated; 0 by default. */
  acceptedClockSkewMs: z.number().int().min(0).max(300_000).optional(),
});

/** A host's sign-in page (spec 000 §3 host settings); `loginTenant` is the tenant holding it. */
const hostSettings = z.strictObject({
  loginTitle: localeText.optional(),
  loginButtonText: localeText.optional(),
  becomePartnerLinkText: localeText.optional(),
  becomePartnerFlowUrl: z.string().max(2000).optional(),
  publicLogo: z.string().max(2000).optional(),
  publicLogoUrl: z.string().max(2000).optional(),
  windowTitle: text.optional(),
  /** Who may frame the app on this host: CSP sources only (http/host-settings.ts). */
  frameAncestors: z
    .string()
    .max(2000)
    .superRefine((value, ctx) => {
      const problem = frameAncestorsProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /** The providers shown as buttons on the sign-in page, by id. */
  oidc: z.array(id).optional(),
  saml: z.array(id).optional(),
  /** `{password: false}` hides the password form; `{autoOidc: id}` signs in through that provider at once. */
  uiAuthConfig: z.strictObject({ password: z.boolean().optional(), autoOidc: id.optional() }).optional(),
  memoizeToken: z.boolean().optional(),
});

const hostName = z.string().regex(/^[a-z0-9.-]{1,253}$/i, 'a host name');

const ssoConfiguration = z.strictObject({
  oidc: z.array(oidcProvider).max(50).optional(),
  saml: z.array(samlProvider).max(50).optional(),
  hosts: z.record(hostName, hostSettings).optional(),
});

export type OidcProvider = z.infer<typeof oidcProvider>;
export type SamlProvider = z.infer<typeof samlProvider>;
export type SsoHostSettings = z.infer<typeof hostSettings>;
export type SsoConfiguration = z.infer<typeof ssoConfiguration>;

export const SECRET_MASK = '********';
const secretFields = ['clientSecret', 'privateKey', 'decryptionPvk'] as const;

/** The first problem of a parse, as the catalogue's error naming its field (`oidc[0].issuer`). */
function refusal(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const path =
    issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '') || 'body';
  return new ApiError('INVALID_FIELD_IN_CONFIG', [path, issue.message]);
}

/** Checks an `sso` document, naming the first wrong field (`oidc[0].issuer`). */
export function validateSsoConfiguration(value: unknown): SsoConfiguration {
  const parsed = ssoConfiguration.safeParse(value);
  if (!parsed.success) throw refusal(parsed.error);
  const config = parsed.data;
  for (const [list, key] of [
    ['oidc', 'oidcId'],
    ['saml', 'id'],
  ] as const) {
    const ids = (config[list] ?? []).map((p) => (p as unknown as Record<string, string>)[key]);
    const twice = ids.find((x, i) => ids.indexOf(x) !== i);
    if (twice) throw new ApiError('VALUE_ALREADY_EXISTS', [twice, `${list}.${key}`]);
  }
  for (const [host, settings] of Object.entries(config.hosts ?? {})) {
    for (const list of ['oidc', 'saml'] as const) {
      const known = new Set((config[list] ?? []).map((p) => ('oidcId' in p ? p.oidcId : p.id)));
      const unknown = settings[list]?.find((x) => !known.has(x));
      if (unknown)
        throw new ApiError('INVALID_FIELD_IN_CONFIG', [`hosts.${host}.${list}`, `no ${list} provider ${unknown}`]);
    }
  }
  return config;
}

/**
 * Which tenant each host name belongs to (`{"leasing.example.com": "acme"}`): the master tenant's
 * `host-tenants` document, written by the master's super admin only. A tenant's `sso` document
 * sets sign-in page settings only for the hosts given to it, so that no tenant takes a host
 * (nor the sign-ins on it) from another.
 */
export const HOST_TENANTS = 'host-tenants';
export type HostTenants = Record<string, string>;
const hostTenants = z.record(hostName, z.string().regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'a tenant name'));

export function validateHostTenants(value: unknown): HostTenants {
  const parsed = hostTenants.safeParse(value);
  if (!parsed.success) throw refusal(parsed.error);
  const out: HostTenants = {};
  for (const [host, tenant] of Object.entries(parsed.data)) {
    const key = host.toLowerCase();
    if (Object.hasOwn(out, key)) throw new ApiError('VALUE_ALREADY_EXISTS', [key, 'host']);
    out[key] = tenant;
  }
  return out;
}

/** The master's host assignments; none when the installation has no master tenant. */
export async function hostTenantsOf(db: Db): Promise<HostTenants> {
  return (
    (await readInTenant(db, { tenant: 'master', user: 'sso' }, (tx) =>
      readConfiguration<HostTenants>(tx, 'master', HOST_TENANTS),
    )) ?? {}
  );
}

/** The tenant a host name is given to by the master, if any. */
export async function hostOwner(db: Db, hostname: string): Promise<string | undefined> {
  const owners = await hostTenantsOf(db);
  const host = hostname.toLowerCase();
  return Object.hasOwn(owners, host) ? owners[host] : undefined;
}

/** Refuses settings for a host the master has not given to `tenant`, naming the host's field. */
export async function assertOwnHosts(db: Db, tenant: string, config: SsoConfiguration): Promise<void> {
  const hosts = Object.keys(config.hosts ?? {});
  if (!hosts.length) return;
  const owners = await hostTenantsOf(db);
  for (const host of hosts) {
    const key = host.toLowerCase();
    if (!Object.hasOwn(owners, key) || owners[key] !== tenant)
      throw new ApiError('INVALID_FIELD_IN_CONFIG', [
        `hosts.${host}`,
        'this host is not given to the tenant (host names are given by the master tenant)',
      ]);
  }
}

/**
 * A host given to a tenant whose sign-in settings another tenant still holds is refused: that
 * tenant removes them first, so that the new holder can set its own.
 */
export async function assertHostsAssignable(tx: Tx, assignments: HostTenants): Promise<void> {
  for (const [host, tenant] of Object.entries(assignments)) {
    const holder = await tenantHolding(tx, 'host', host);
    if (holder && holder !== tenant)
      throw new ApiError('INVALID_FIELD_IN_CONFIG', [host, `its sign-in settings are held by tenant ${holder}`]);
  }
}

type Providers = Array<Record<string, unknown>>;
const providersOf = (config: SsoConfiguration | undefined) =>
  [...(config?.oidc ?? []), ...(config?.saml ?? [])] as Providers;

/** The document as an administrator reads it: secrets masked. */
export function withoutSecrets(config: SsoConfiguration): SsoConfiguration {
  const mask = (p: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(p).map(([k, v]) => [k, (secretFields as readonly string[]).includes(k) ? SECRET_MASK : v]),
    );
  return {
    ...config,
    ...(config.oidc ? { oidc: config.oidc.map(mask) as OidcProvider[] } : {}),
    ...(config.saml ? { saml: config.saml.map(mask) as SamlProvider[] } : {}),
  };
}

/** A written document keeps the stored secret of a provider (same id) where it sends the mask or nothing. */
export function keepingSecrets(next: SsoConfiguration, stored: SsoConfiguration | undefined): SsoConfiguration {
  const before = new Map(providersOf(stored).map((p) => [String(p.oidcId ?? p.id), p]));
  for (const provider of providersOf(next)) {
    const previous = before.get(String(provider.oidcId ?? provider.id));
    for (const field of secretFields) {
      if (provider[field] === SECRET_MASK || provider[field] === undefined) {
        if (previous?.[field] !== undefined) provider[field] = previous[field];
        else if (provider[field] === SECRET_MASK)
          throw new ApiError('MISSING_FIELD_IN_CONFIG', [`${String(provider.oidcId ?? provider.id)}.${field}`]);
      }
    }
  }
  return next;
}

/** Writing a host name or provider id another tenant holds breaks the directory's key: refused naming it. */
export function ownedElsewhere(error: unknown, config: SsoConfiguration): never {
  const detail = String((error as { detail?: string }).detail ?? (error as Error).message ?? '');
  const taken = /\(kind, id\)=\((\w+), ([^)]+)\)/.exec(detail);
  const [kind, key] = taken ? [taken[1], taken[2]] : ['id', Object.keys(config.hosts ?? {})[0] ?? ''];
  throw new ApiError('VALUE_ALREADY_EXISTS', [key, kind === 'host' ? 'hosts' : `${kind} provider id`]);
}

/** The tenant holding a provider id or host name. */
export async function tenantHolding(
  db: Db | Tx,
  kind: 'oidc' | 'saml' | 'host',
  key: string,
): Promise<string | undefined> {
  const {
    rows: [row],
  } = await sql<{
    tenant: string | null;
  }>`SELECT sso_tenant(${kind}, ${kind === 'host' ? key.toLowerCase() : key}) AS tenant`.execute(db);
  return row?.tenant ?? undefined;
}

export const ssoConfigurationOf = (tx: Tx, tenant: string) => readConfiguration<SsoConfiguration>(tx, tenant, 'sso');

/** A provider and its tenant, or 404 naming the kind of provider. */
export async function findProvider<K extends 'oidc' | 'saml'>(
  db: Db,
  kind: K,
  providerId: string,
): Promise<{ tenant: string; provider: K extends 'oidc' ? OidcProvider : SamlProvider }> {
  const tenant = await tenantHolding(db, kind, providerId);
  const config = tenant
    ? await readInTenant(db, { tenant, user: 'sso' }, (tx) => ssoConfigurationOf(tx, tenant))
    : undefined;
  const provider =
    kind === 'oidc'
      ? config?.oidc?.find((p) => p.oidcId === providerId)
      : config?.saml?.find((p) => p.id === providerId);
  if (!tenant || !provider)
    throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [
      kind === 'oidc' ? 'OidcProvider' : 'SamlProvider',
      providerId,
    ]);
  return { tenant, provider: provider as K extends 'oidc' ? OidcProvider : SamlProvider };
}
