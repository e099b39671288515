import { ApiError } from '../../errors.ts';
import { defineEntity } from '../../entity.ts';
import { link, text } from '../../fields.ts';
import { equal } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A targeting rule of a feature flag: for one profile or one user, ENABLED turns the flag on,
 * DISABLED turns it off, DRAFT does nothing yet. A user's rule wins over its profiles' rules,
 * which win over the flag's own status (docs/feature-flags.md).
 */
export const featureFlagItem = defineEntity({
  name: 'FeatureFlagItem',
  route: 'core/feature-flag-items',
  prefix: 'FFI',
  fields: {
    flagName: link('FeatureFlag', { mandatory: true }),
    profile: text({ max: 64 }),
    username: link('User'),
  },
  search: ['registration', equal('flagName'), equal('status'), equal('profile'), equal('username')],
  columns: ['registration', 'status', 'flagName', 'profile', 'username'],
  statuses: ['DRAFT', 'ENABLED', 'DISABLED'],
  workflow: () => [t('ENABLE', ['DRAFT', 'DISABLED'], 'ENABLED'), t('DISABLE', ['DRAFT', 'ENABLED'], 'DISABLED')],
  // One target per rule, so that its precedence is plain.
  check: (doc) => {
    const profile = typeof doc.profile === 'string' && doc.profile.trim() !== '';
    const user = typeof doc.username === 'string' && doc.username.trim() !== '';
    if (profile === user)
      throw new ApiError('INVALID_FIELD_VALUE', [profile ? 'profile and username' : '(none)', 'profile']);
    if (profile && !/^[A-Z][A-Z0-9_]{0,63}$/.test(String(doc.profile)))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(doc.profile), 'profile']);
  },
  menu: { section: 'Configuration', order: 65 },
  labels: {
    fr: {
      singular: 'Élément de fonctionnalité',
      plural: 'Éléments de fonctionnalité',
      texts: { 'Flag name': 'Fonctionnalité', Profile: 'Profil', Username: 'Utilisateur' },
    },
  },
});
