import { defineEntity } from '../../entity.ts';
import { currency, json, number, select, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import type { ProductTableInput } from '../../finance/product-table.ts';
import { configurationStatuses } from '../../lists/shared-statuses.ts';

/**
 * A numbers table of spec 002 (rates, coefficients or costs by amount and duration) that products
 * take their terms from. `rows` is the grid: the first row holds the duration bands, the first
 * column the amount bands (lower bounds); it is edited by the numbers-table card, not the form.
 */
export const productTable = defineEntity({
  name: 'ProductTable',
  route: 'financing/product-tables',
  prefix: 'PTB',
  typeList: 'productTableType',
  fields: {
    description: textarea(),
    /** Format of the value cells: percentage (rates), number (coefficients), currency (amounts). */
    format: select('numbersTableFormat'),
    /** Period of the values and of the duration bands, as a frequency code in days (30 by default). */
    periodicity: select('frequency'),
    currency: select('currency'),
    /** Inclusive upper bounds of the last amount and duration bands; open when empty. */
    maxAmount: currency({ min: 0 }),
    maxDuration: number({ min: 0 }),
    rows: json({ hidden: true, label: 'Numbers table' }),
  },
  search: ['registration', regex('name'), equal('status'), equal('type'), equal('format'), equal('periodicity')],
  columns: ['registration', 'status', 'name', 'type', 'format', 'periodicity', 'currency'],
  // Loaded on first write: the table's decimal checks are no part of the screens that list.
  check: async (doc) => (await import('../../finance/product-table.ts')).checkProductTable(doc as ProductTableInput),
  statuses: configurationStatuses,
  workflow: 'generic',
  menu: { section: 'Catalogues', order: 40 },
  labels: {
    fr: { singular: 'Table de produit', plural: 'Tables de produits', texts: { 'Numbers table': 'Table de valeurs' } },
  },
  screens: { detail: 'productTable' },
});
