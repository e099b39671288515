import { Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../i18n/i18n.ts';
import { initialLocale, readStoredLocale } from '../i18n/locale.ts';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Root } from './Root.tsx';
import { loadAntdLocale } from './shell/antd-locale.ts';
import { RouteError } from './pages/RouteError.tsx';
import { Loading } from './pages/Loading.tsx';
import { basenameOf, hashRedirectTarget } from './location-rules.ts';
import { setCallInterceptor } from './api/client.ts';

/**
 * Top-level routes. The sign-in page and the signed-in shell are separate chunks, so the
 * sign-in route does not load the entity declarations or the screens.
 */
function createRouter(publicScreens: Record<string, ComponentType>) {
  const basename = basenameOf(window.location.pathname);
  const target = hashRedirectTarget(window.location.pathname, window.location.hash);
  if (target) window.history.replaceState(null, '', `${basename}${target}`);
  return createBrowserRouter(
    [
      {
        element: <Root />,
        errorElement: <RouteError />,
        hydrateFallbackElement: <Loading full />,
        children: [
          // The providers answer here (single sign-on), with their parameters in the query or the hash.
          {
            path: 'authentication',
            lazy: async () => ({ Component: (await import('./pages/LoginPage.tsx')).LoginPage }),
          },
          {
            path: 'authentication/login-page',
            lazy: async () => ({ Component: (await import('./pages/LoginPage.tsx')).LoginPage }),
          },
          // Pages reached from a mail without signing in (the modules' `publicScreens`).
          ...Object.entries(publicScreens).map(([path, Screen]) => ({
            path: path.slice(1),
            element: (
              <Suspense fallback={<Loading full />}>
                <Screen />
              </Suspense>
            ),
          })),
          { path: '*', lazy: async () => ({ Component: (await import('./shell/SignedInApp.tsx')).SignedInApp }) },
        ],
      },
    ],
    { basename },
  );
}

/** The texts shipped with the app, the domains' included: the composition root is loaded with the first of them. */
const shippedTranslations = async (locale: string) => (await import('./web-modules.ts')).shippedTranslations(locale);

/** Starts the app: locale, then the router (the data cache belongs to the signed-in shell's chunk). */
async function start() {
  const locale = initialLocale(readStoredLocale(), navigator.language);
  // antd's texts of the locale come with the app's, so the first screen shows no English.
  const [i18n] = await Promise.all([initI18n(locale, shippedTranslations), loadAntdLocale(locale)]);
  // Loaded already with the texts above: the pages themselves stay lazy.
  const { composedWeb } = await import('./web-modules.ts');
  // Before the first call: a module may answer calls itself (the offline mode serves kept reads).
  setCallInterceptor(composedWeb.callInterceptor);
  composedWeb.start();
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={createRouter(composedWeb.publicScreens)} />
    </I18nextProvider>,
  );
}

void start();
