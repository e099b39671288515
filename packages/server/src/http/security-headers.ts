import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { hostOverrides, hostSettingsOf } from './host-settings.ts';

/**
 * Helmet's headers on every answer, with a content security policy the web app works under:
 * scripts, fonts, images and connections from the app's own origin (images and fonts may also
 * be data: or blob: URLs), inline styles (antd writes CSS-in-JS style tags), workers for the
 * service worker, frames of the app's own documents and of a PDF held in memory (blob:). `frame-ancestors` comes from the host setting `frameAncestors` (spec 000 §3),
 * so that the side-view mode can be embedded by the parents a host allows; X-Frame-Options says
 * the same to older browsers where it can (`'none'` → DENY, `'self'` alone → SAMEORIGIN) and is
 * left out where it cannot express the host's list.
 * API answers are personal and change with every write: `Cache-Control: no-store` unless a
 * route says otherwise.
 */
function frameAncestorsOf(value: unknown): string {
  const sources = (Array.isArray(value) ? value : String(value).split(/\s+/))
    .map(String)
    .filter((s) => /^('self'|'none'|\*|https?:\/\/[\w.:*-]+)$/.test(s));
  return sources.length ? sources.join(' ') : "'self'";
}

function frameOptionsOf(ancestors: string): string | undefined {
  if (ancestors === "'none'") return 'DENY';
  return ancestors === "'self'" ? 'SAMEORIGIN' : undefined;
}

const fixedDirectives = [
  "default-src 'self'",
  // Tenant layout scripts run in QuickJS, a WebAssembly engine: compiling WebAssembly is allowed, JavaScript eval is not.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  // A draft invoice's PDF preview is rendered from memory (a blob: URL) in a frame.
  "frame-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  // Sign-in through a SAML or OpenID provider posts a form to the provider.
  "form-action 'self' https:",
].join('; ');

export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, { frameguard: false, contentSecurityPolicy: false });
  // The policy of each host is built once: it is sent with every answer.
  const overrides = hostOverrides();
  const policies = new Map<string, { csp: string; frameOptions?: string }>();
  const policyOf = (request: IncomingMessage) => {
    const hostname = String(request.headers.host ?? '')
      .replace(/:\d+$/, '')
      .toLowerCase();
    let policy = policies.get(hostname);
    if (policy === undefined) {
      if (policies.size >= 1000) policies.clear();
      const ancestors = frameAncestorsOf(hostSettingsOf(hostname, overrides).frameAncestors);
      policy = { csp: `${fixedDirectives}; frame-ancestors ${ancestors}`, frameOptions: frameOptionsOf(ancestors) };
      policies.set(hostname, policy);
    }
    return policy;
  };
  app.addHook('onRequest', async (request, reply) => {
    const policy = policyOf(request.raw);
    reply.header('content-security-policy', policy.csp);
    if (policy.frameOptions) reply.header('x-frame-options', policy.frameOptions);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
