import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHostSettings } from '../session/host-settings.ts';

/**
 * The side view's conversation with its parent window (spec 000 §1 and §8; docs/shell-modes.md).
 * Framed by a page whose origin the host lists in `parentOrigins`, the app shows the side view
 * and exchanges JSON messages with that page only: the parent may ask `{"type":"open","path":…}`
 * (a screen of the app) or `{"type":"sideView","open":false}`; the app tells it
 * `{"type":"location","path":…,"title":…}` on every screen. A message from any other origin or
 * window, or one that is not JSON, is ignored. Which pages may frame the app at all is the
 * server's `frame-ancestors` (host setting `frameAncestors`).
 */
export type ParentMessage = { type: 'open'; path: string } | { type: 'sideView'; open: boolean };

/** `https://crm.example.com/` → `https://crm.example.com`; undefined for what is no origin. */
export function originOf(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The host's `parentOrigins` (a list, or one text of origins separated by spaces or commas), as origins. */
export function parentOriginsOf(setting: unknown): string[] {
  const items = Array.isArray(setting) ? setting : typeof setting === 'string' ? setting.split(/[\s,]+/) : [];
  return items.flatMap((item) => originOf(item) ?? []);
}

/** A path of this app: `/contract/C1`, never `//elsewhere`, `javascript:` or another origin. */
export function isAppPath(path: unknown): path is string {
  if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path) || path.length > 2000) return false;
  return new URL(path, 'http://app.invalid').origin === 'http://app.invalid';
}

/** A parent's message: JSON text (or an object) of a known type; anything else undefined. */
export function parseParentMessage(data: unknown): ParentMessage | undefined {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, path, open } = message as Record<string, unknown>;
  if (type === 'open' && isAppPath(path)) return { type, path };
  if (type === 'sideView' && typeof open === 'boolean') return { type, open };
  return undefined;
}

/** The parent's origin when the browser tells it and the host lists it; undefined otherwise. */
export function listedParentOrigin(allowed: string[], ancestors: ArrayLike<string> | undefined, referrer: string) {
  const candidate = ancestors?.length ? ancestors[0] : originOf(referrer);
  return candidate && allowed.includes(candidate) ? candidate : undefined;
}

const framed = () => typeof window !== 'undefined' && window.parent !== window;

/** Talks with the parent window when framed by a listed origin; `setSideView` shows or leaves the side view. */
export function useParentWindow(setSideView: (open: boolean) => void) {
  const host = useHostSettings();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const allowed = parentOriginsOf(host.parentOrigins);
  const allowedKey = allowed.join(' ');
  const parentOrigin = useRef<string | undefined>(undefined);
  const setSideViewRef = useRef(setSideView);
  setSideViewRef.current = setSideView;

  useEffect(() => {
    if (!framed() || !allowedKey) return;
    const origins = allowedKey.split(' ');
    parentOrigin.current = listedParentOrigin(origins, window.location.ancestorOrigins, document.referrer);
    if (parentOrigin.current) setSideViewRef.current(true);
    const listen = (event: MessageEvent) => {
      if (event.source !== window.parent || !origins.includes(event.origin)) return;
      const message = parseParentMessage(event.data);
      if (!message) return;
      parentOrigin.current = event.origin;
      if (message.type === 'open') navigate(message.path);
      else setSideViewRef.current(message.open);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [allowedKey, navigate]);

  useEffect(() => {
    if (!framed() || !allowedKey) return;
    // After the page title follows the new screen (set by the root, whose effects run after ours).
    const timer = setTimeout(() => {
      const target = parentOrigin.current;
      if (!target) return;
      window.parent.postMessage(
        JSON.stringify({ type: 'location', path: `${pathname}${search}`, title: document.title }),
        target,
      );
    }, 50);
    return () => clearTimeout(timer);
  }, [allowedKey, pathname, search]);
}
