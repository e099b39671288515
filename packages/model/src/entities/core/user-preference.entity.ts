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
    groupId: text(),
    value: json(),
  },
});
