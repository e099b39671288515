import { defineEntity } from '../../entity.ts';
import { currency, integer, link, list, select, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { lotTransitions } from '../../workflow/shared-transitions.ts';

/** Assets grouped (a remarketing batch, a return): their registrations and the totals the server keeps. */
export const assetLot = defineEntity({
  name: 'AssetLot',
  route: 'asset/asset-lots',
  prefix: 'ASL',
  typeList: 'assetLotType',
  fields: {
    description: textarea(),
    assets: list({
      assetRegistration: link('Asset', { mandatory: true }),
      priceExclTax: currency({ readOnly: true }),
      expensesTotal: currency({ readOnly: true }),
    }),
    assetCount: integer({ readOnly: true }),
    totalPriceExclTax: currency({ readOnly: true }),
    totalExpenses: currency({ readOnly: true }),
    currency: select('currency'),
  },
  search: ['registration', regex('name'), equal('status'), equal('type'), range('totalPriceExclTax')],
  columns: [
    'registration',
    'status',
    'name',
    'type',
    'assetCount',
    column('totalPriceExclTax', { currencyField: 'currency' }),
    column('totalExpenses', { currencyField: 'currency' }),
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'VALIDATED', 'SOLD', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => lotTransitions(kind, 'SELL', 'SOLD'),
  menu: { section: 'Assets', order: 20 },
  writeHooks: 'assetLotTotals',
  labels: {
    fr: {
      singular: "Lot d'actifs",
      plural: "Lots d'actifs",
      texts: {
        Assets: 'Actifs',
        'Asset count': "Nombre d'actifs",
        'Total price excl tax': 'Prix total HT',
        'Total expenses': 'Total des dépenses',
        'Expenses total': 'Total des dépenses',
      },
    },
  },
});
