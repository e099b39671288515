import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dataProvider, queryKeys } from '../api/data-provider.ts';
import { useSession } from './session-context.tsx';
import type { UserPreference } from './configuration.ts';

/**
 * The user's preferences as a live list (saved searches, pinned rows): seeded from the
 * configuration loaded at sign-in, then kept in step with each save and delete, so that a
 * screen shows what it just saved without reloading the configuration. Failures are shown by
 * the API client and leave the list as it was.
 */
export function usePreferences() {
  const { configuration, user } = useSession();
  const queryClient = useQueryClient();
  const username = user?.username;
  const key = useMemo(() => queryKeys.preferences(username), [username]);
  const { data } = useQuery<UserPreference[]>({
    queryKey: key,
    queryFn: () => dataProvider.preferences.list<UserPreference>(username!),
    initialData: configuration?.userPreferences ?? [],
    staleTime: Infinity,
    enabled: Boolean(username),
  });

  const add = useCallback(
    async (preference: UserPreference): Promise<UserPreference> => {
      const saved = await dataProvider.preferences.save<UserPreference>(username!, preference);
      queryClient.setQueryData<UserPreference[]>(key, (old = []) => [...old.filter((p) => p._id !== saved._id), saved]);
      return saved;
    },
    [username, queryClient, key],
  );

  const remove = useCallback(
    async (id: string): Promise<void> => {
      await dataProvider.preferences.delete(username!, id);
      queryClient.setQueryData<UserPreference[]>(key, (old = []) => old.filter((p) => p._id !== id));
    },
    [username, queryClient, key],
  );

  return { preferences: data ?? [], add, remove };
}
