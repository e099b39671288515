import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { defaultHostSettings } from '../core/core.routes.ts';

/**
 * Helmet's headers on every answer, with a content security policy the web app works under:
 * scripts, fonts, images and connections from the app's own origin (images and fonts may also
 * be data: or blob: URLs), inline styles (antd writes CSS-in-JS style tags), workers for the
 * service worker. `frame-ancestors` comes from the host setting `frameAncestors` (spec 000 §3),
 * so that the side-view mode can be embedded by the parents a host allows; X-Frame-Options is
 * left out because it cannot express that list.
 */
function frameAncestorsOf(request: IncomingMessage): string {
  const hostname = String(request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  let overrides: Record<string, { frameAncestors?: unknown }> = {};
  try {
    overrides = JSON.parse(process.env.HOSTS_JSON ?? '{}');
  } catch {
    overrides = {};
  }
  const value = overrides[hostname]?.frameAncestors ?? defaultHostSettings.frameAncestors;
  const sources = (Array.isArray(value) ? value : String(value).split(/\s+/)).map(String).filter((s) => /^('self'|'none'|\*|https?:\/\/[\w.:*-]+)$/.test(s));
  return sources.length ? sources.join(' ') : "'self'";
}

export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    frameguard: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Sign-in through a SAML or OpenID provider posts a form to the provider.
        formAction: ["'self'", 'https:'],
        frameAncestors: [(request: IncomingMessage) => frameAncestorsOf(request)],
      },
    },
  });
}
