import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../i18n/i18n.ts';
import { initialLocale, readStoredLocale } from '../i18n/locale.ts';
import { createRouter } from './routing.tsx';

/** Starts the app: locale, data cache, router. */
async function start() {
  const i18n = await initI18n(initialLocale(readStoredLocale(), navigator.language));
  // Errors are shown once by the API client; a failed call is not retried behind the user's back.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

void start();
