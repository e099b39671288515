import { dataProvider } from '../api/data-provider.ts';
import type { SessionUser, UserPreference } from './configuration.ts';

/**
 * User preferences (spec 000 §3, §7): `POST /api/core/users/{username}/preferences` creates or
 * replaces one (table configuration, UI and theme are kept once per group), `DELETE …/{id}`
 * removes one. Saving is quiet: the interface state already holds the choice, the server copy
 * follows the user to other browsers.
 */
export async function savePreference(
  user: SessionUser | undefined,
  preference: UserPreference,
): Promise<string | undefined> {
  if (!user) return undefined;
  try {
    const saved = await dataProvider.preferences.save<{ _id?: string }>(user.username, preference, { silent: true });
    return saved?._id;
  } catch {
    return undefined;
  }
}

export async function deletePreference(user: SessionUser | undefined, id: string | undefined): Promise<void> {
  if (!user || !id) return;
  await dataProvider.preferences.delete(user.username, id, { silent: true }).catch(() => undefined);
}

/** The theme preference (groupId THEMING) of a configuration. */
export const themePreferenceOf = (preferences: UserPreference[] | undefined) =>
  preferences?.find((p) => p.groupId === 'THEMING' || p.type === 'THEMING');
