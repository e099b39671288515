/**
 * The reference lists that are not status lists, merged from their area files. Status lists are
 * derived from the kinds' declarations (lists/statuses.ts); a declaration reads these to find its
 * `{kind}Type` list.
 */
import type { ListItem } from './item.ts';
import { assetLists } from './assets.ts';
import { bankingLists } from './banking.ts';
import { billingLists } from './billing.ts';
import { catalogLists } from './catalogs.ts';
import { documentLists } from './documents.ts';
import { engagementLists } from './engagement.ts';
import { financingLists } from './financing.ts';
import { geographyLists } from './geography.ts';
import { personLists } from './person.ts';
import { personalSituationLists } from './personal-situation.ts';
import { platformLists } from './platform.ts';
import { registrationLists } from './registration.ts';
import { supportLists } from './support.ts';

/** Merges list groups; a name declared twice is a mistake, not an override. */
export function mergeLists(groups: Record<string, ListItem[]>[]): Record<string, ListItem[]> {
  const lists: Record<string, ListItem[]> = {};
  for (const group of groups) {
    for (const [name, entries] of Object.entries(group)) {
      if (Object.hasOwn(lists, name)) throw new Error(`Reference list ${name} is declared twice`);
      lists[name] = entries;
    }
  }
  return lists;
}

export const codeTables: Record<string, ListItem[]> = mergeLists([
  financingLists,
  catalogLists,
  assetLists,
  billingLists,
  bankingLists,
  personLists,
  personalSituationLists,
  registrationLists,
  geographyLists,
  supportLists,
  engagementLists,
  documentLists,
  platformLists,
]);
