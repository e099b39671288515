import { createBrowserRouter, Navigate } from 'react-router';
import { Root } from './Root.tsx';
import { RouteError } from './pages/RouteError.tsx';

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
 * Top-level routes. The sign-in page and the signed-in shell are separate chunks, so the
 * sign-in route does not load the entity declarations or the screens.
 */
export function createRouter() {
  const basename = basenameOf(window.location.pathname);
  const target = hashRedirectTarget(window.location.pathname, window.location.hash);
  if (target) window.history.replaceState(null, '', `${basename}${target}`);
  return createBrowserRouter([
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        { path: 'authentication', element: <Navigate to="/authentication/login-page" replace /> },
        { path: 'authentication/login-page', lazy: async () => ({ Component: (await import('./pages/LoginPage.tsx')).LoginPage }) },
        { path: '*', lazy: async () => ({ Component: (await import('./shell/SignedInApp.tsx')).SignedInApp }) },
      ],
    },
  ], { basename });
}
