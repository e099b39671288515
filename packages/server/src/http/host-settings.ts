/** Host settings of spec 000 §3, with their defaults; a host may override them in HOSTS_JSON. */
export const defaultHostSettings = {
  imp: 'standard',
  loginTenant: undefined as string | undefined,
  publicLogo: undefined as string | undefined,
  publicLogoUrl: undefined as string | undefined,
  manifestUrl: undefined as string | undefined,
  basePath: '/',
  frameAncestors: "'self'",
  loginTitle: 'Leasing back office',
  loginButtonText: 'Sign in',
  becomePartnerLinkText: undefined as string | undefined,
  becomePartnerFlowUrl: undefined as string | undefined,
  oidc: undefined as unknown,
  saml: undefined as unknown,
  uiAuthConfig: undefined as unknown,
  mode: 'standard',
  parentOrigins: [] as string[],
  memoizeToken: false,
  loadFrontEnd: true,
  useManifest: false,
  windowTitle: 'Leasing back office',
};

/** The per-host overrides of HOSTS_JSON, read when the application is built. */
export function hostOverrides(): Record<string, Record<string, unknown>> {
  try {
    return JSON.parse(process.env.HOSTS_JSON ?? '{}');
  } catch {
    return {};
  }
}

/** A host's settings: the defaults, then what HOSTS_JSON says for that host. */
export const hostSettingsOf = (hostname: string, overrides = hostOverrides()) => ({
  ...defaultHostSettings,
  ...(overrides[hostname] ?? {}),
  host: hostname,
});
