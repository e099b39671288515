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

/**
 * The CSP sources a `frameAncestors` setting may list (CSP Level 3 `frame-ancestors`): a host
 * source (`https://*.example.com:8443/path`, `example.com`, `*`), a scheme source (`https:`), or
 * the keyword 'self'; or 'none' alone. Anything else, a `;` or `,` above all, could end the
 * directive and add others to the page's policy.
 */
const schemeSource = /^[a-z][a-z0-9+.-]*:$/i;
const hostSource =
  /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(?:\d{1,5}|\*))?(?:\/[\w\-.~!$&()*+=:@%/]*)?$/i;

/** Why a `frameAncestors` value is refused, or undefined when every source is allowed. */
export function frameAncestorsProblem(value: unknown): string | undefined {
  // Printable ASCII separated by spaces: a line break would end the header itself.
  if (typeof value === 'string' && /[^\x20-\x7e]/.test(value)) return 'printable characters separated by spaces';
  const sources = Array.isArray(value) ? value : typeof value === 'string' ? value.trim().split(/ +/) : undefined;
  if (!sources || !sources.length || sources.some((s) => typeof s !== 'string' || !s))
    return "space-separated sources: 'self', 'none', a scheme (https:) or a host (https://*.example.com)";
  const wrong = sources.find(
    (s: string) => s !== "'self'" && s !== "'none'" && !schemeSource.test(s) && !hostSource.test(s),
  );
  if (wrong !== undefined) return `${JSON.stringify(wrong).slice(0, 80)} is not a host source, a scheme or 'self'`;
  if (sources.includes("'none'") && sources.length > 1) return "'none' stands alone";
  return undefined;
}

/** The per-host overrides of HOSTS_JSON, read when the application is built. */
export function hostOverrides(): Record<string, Record<string, unknown>> {
  try {
    return JSON.parse(process.env.HOSTS_JSON ?? '{}');
  } catch {
    return {};
  }
}

/**
 * A host's settings: the defaults, then what HOSTS_JSON says for that host; a `frameAncestors`
 * that is not a list of sources is left out (the default stands) rather than sent to browsers.
 */
export const hostSettingsOf = (hostname: string, overrides = hostOverrides()) => {
  const own = { ...(overrides[hostname] ?? {}) };
  if ('frameAncestors' in own && frameAncestorsProblem(own.frameAncestors)) delete own.frameAncestors;
  return { ...defaultHostSettings, ...own, host: hostname };
};
