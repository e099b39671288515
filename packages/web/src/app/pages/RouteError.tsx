import { lazy, Suspense, useEffect } from 'react';
import { Button, Flex } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify.tsx';
import { isAppOffline } from '../api/client.ts';

export const outdatedText = 'You are using an outdated version of the application. Refresh the page to continue.';

/** A code chunk that fails to load means a newer build replaced this one. */
export const isChunkLoadError = (error: unknown) =>
  /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(
    String((error as Error)?.message ?? error),
  );

/**
 * Spec 000 §8: a chunk-load error while online asks to refresh (with a Refresh button);
 * offline nothing is shown. Other errors show "Oops, something went wrong" with the detail.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const online = !isAppOffline();
  useEffect(() => {
    if (chunk && online)
      notify(
        { level: 'warning', message: outdatedText },
        { label: 'Refresh', onClick: () => window.location.reload() },
      );
    if (!chunk) console.error(error);
  }, [chunk, error, online]);
  return (
    <Suspense fallback={null}>
      <ErrorResult outdated={chunk} online={online} detail={String((error as Error)?.message ?? error)} />
    </Suspense>
  );
}

/**
 * The page itself is a chunk of its own (antd's Result and its illustrations stay out of the first
 * load). When it cannot load either (the build was replaced, or the server is away), a Refresh
 * button stands in for it.
 */
const ErrorResult = lazy(() =>
  import('./ErrorResult.tsx').catch(() => ({
    default: function RefreshOnly() {
      const { t } = useTranslation();
      return (
        <Flex justify="center" style={{ padding: 48 }}>
          <Button onClick={() => window.location.reload()}>{t('Refresh')}</Button>
        </Flex>
      );
    },
  })),
);
