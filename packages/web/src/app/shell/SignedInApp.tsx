import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession, loginPath, onSignOut } from '../session/session-context.tsx';
import { themePreferenceOf } from '../session/preferences.ts';
import { writeUiState } from '../ui-state.ts';
import { Loading } from '../pages/Loading.tsx';
import { useShortcut } from '../shortcuts.ts';
import { Shell } from './Shell.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { WebModulesContext } from '../web-module.ts';
import { composedWeb } from '../web-modules.ts';
import { navigationStatePath, savedNavigationPosition } from './navigation-position.ts';

/** The data cache of the signed-in app. Errors are shown once by the API client: no silent retries. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Everything behind sign-in: loading state, the redirect to sign-in, then the shell, its data cache, the web's modules and its routes. */
export function SignedInApp() {
  const { status, signedOutByUser, configuration } = useSession();
  const location = useLocation();
  useEffect(() => onSignOut(() => queryClient.clear()), []);
  // The user's saved theme and menu position (other browsers included) win over this browser's last choice.
  useEffect(() => {
    const theme = themePreferenceOf(configuration?.userPreferences)?.value;
    if (theme && typeof theme === 'object') writeUiState('theme', theme);
    const position = savedNavigationPosition(configuration?.userPreferences);
    if (position) writeUiState(navigationStatePath, position);
  }, [configuration]);
  // alt+R reloads the route's data.
  useShortcut('alt+r', () => void queryClient.invalidateQueries());
  if (status === 'loading') return <Loading full />;
  if (status === 'signed-out') {
    const back = !signedOutByUser && location.pathname !== '/';
    const redirect = back ? `?redirect=${encodeURIComponent(location.pathname + location.search)}` : '';
    return <Navigate to={`${loginPath}${redirect}`} replace />;
  }
  return (
    <QueryClientProvider client={queryClient}>
      <WebModulesContext.Provider value={composedWeb}>
        <Shell>
          <AppRoutes />
        </Shell>
      </WebModulesContext.Provider>
    </QueryClientProvider>
  );
}
