import { labelOfPath } from './menus.ts';

/**
 * Spec 000 §2.1: the base title alone for paths beginning /authentication, or /content
 * without a title; other paths give "base | page", the page taken from the path segments.
 */
export function pageTitle(base: string, path: string, contentTitle?: string): string {
  if (path.startsWith('/authentication')) return base;
  if (path.startsWith('/content')) return contentTitle ? `${base} | ${contentTitle}` : base;
  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length === 0) return base;
  const [first, ...rest] = segments;
  return `${base} | ${[labelOfPath(`/${first}`), ...rest].join(' ')}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
