import { defineEntity } from '../../entity.ts';
import { json, link, text } from '../../fields.ts';

/** A saved search, table configuration, pinned item or UI setting of one user. */
export const userPreference = defineEntity({
  name: 'UserPreference',
  route: 'core/user-preferences',
  prefix: 'UPR',
  status: false,
  // SEARCH_FILTER, TABLE_CONFIGURATION, CONTENT, UI, PINNED_ITEM
  typeList: 'userPreferenceType',
  fields: {
    username: link('User', { mandatory: true }),
    groupId: text({ label: 'Group ID' }),
    value: json(),
  },
  menu: {
    notListed:
      'Saved searches, table configurations, pinned items and UI settings of one user (spec 000 §2, "User preference"): made and shown by the screens they configure, not browsed as a list.',
  },
  labels: {
    fr: {
      singular: 'Préférence utilisateur',
      plural: 'Préférences utilisateur',
      texts: { 'Group ID': 'Identifiant de groupe' },
    },
  },
});
