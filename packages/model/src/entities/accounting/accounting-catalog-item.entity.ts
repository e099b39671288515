import { defineEntity } from '../../entity.ts';
import { boolean, text } from '../../fields.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';
import { equal, regex } from '../../search.ts';

/** An account of the tenant's chart of accounts: its number (`411000`), label and class. */
export const accountingCatalogItem = defineEntity({
  name: 'AccountingCatalogItem',
  route: 'accounting/accounting-catalog-items',
  prefix: 'ACI',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  fields: {
    account: text({ mandatory: true }),
    accountClass: text(),
    // A sub-ledger account (clients, suppliers): its postings name their person (FEC CompAuxNum).
    auxiliary: boolean(),
  },
  search: ['registration', regex('name'), equal('account'), equal('status')],
  columns: ['registration', 'status', 'account', 'name', 'accountClass', 'auxiliary'],
  menu: { section: 'Catalogues', order: 75 },
  labels: {
    fr: {
      singular: 'Élément du catalogue comptable',
      plural: 'Éléments du catalogue comptable',
      texts: { 'Account class': 'Classe', Auxiliary: 'Compte auxiliaire' },
    },
  },
});
