import { defineEntity } from '../../entity.ts';
import { currency, date, link, select, textarea } from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/** A cost spent on an asset (repair, insurance, tolls…), its type the category; it adds to the asset's expenses total. */
export const assetExpense = defineEntity({
  name: 'AssetExpense',
  route: 'asset/asset-expenses',
  prefix: 'AEX',
  typeList: 'assetExpenseType',
  fields: {
    assetRegistration: link('Asset', { mandatory: true }),
    date: date(),
    amount: currency({ mandatory: true }),
    currency: select('currency'),
    supplierRegistration: link('Person'),
    description: textarea(),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    regex('name'),
    equal('assetRegistration'),
    range('date'),
    range('amount'),
    equal('supplierRegistration', { entity: 'Person', roles: ['SUPPLIER'] }),
  ],
  columns: [
    'registration',
    'status',
    'type',
    'name',
    'assetRegistration',
    'date',
    column('amount', { currencyField: 'currency' }),
    'supplierRegistration',
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'INVOICED', 'PAID', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('INVOICE', 'APPROVED', 'INVOICED'),
    t('PAY', 'INVOICED', 'PAID'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind), sideEffects: ['refreshAssetExpenses'] }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED', { sideEffects: ['refreshAssetExpenses'] }),
  ],
  menu: { section: 'Assets', order: 25 },
  writeHooks: 'assetExpenses',
  labels: {
    fr: {
      singular: "Dépense d'actif",
      plural: "Dépenses d'actifs",
      texts: { 'Supplier registration': 'Fournisseur', Description: 'Description' },
    },
  },
});
