import { labelOfPath } from './menus.ts';

/** Rules of spec 000 §2.1 that read the location: published path, hash links, page title. */

/** The published path /imp/{tenant} (spec 000 §2.1) is the router's base when the app is opened under it. */
export function basenameOf(pathname: string): string {
  return /^\/imp\/[^/]+/.exec(pathname)?.[0] ?? '';
}

/** Spec 000 §2.1: a hash in the URL becomes a redirect to that path, except under /documentation. */
export function hashRedirectTarget(pathname: string, hash: string): string | undefined {
  if (!/^#\/./.test(hash) || pathname.includes('/documentation')) return undefined;
  return hash.slice(1);
}

/**
 * Spec 000 §2.1: the base title alone for paths beginning /authentication, or /content
 * without a title; other paths give "base | page", the page taken from the path segments and
 * its label put in the interface language by `translate`.
 */
export function pageTitle(
  base: string,
  path: string,
  contentTitle?: string,
  translate = (text: string) => text,
): string {
  if (path.startsWith('/authentication')) return base;
  if (path.startsWith('/content')) return contentTitle ? `${base} | ${contentTitle}` : base;
  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length === 0) return base;
  const [first, ...rest] = segments;
  return `${base} | ${[translate(labelOfPath(`/${first}`)), ...rest].join(' ')}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
