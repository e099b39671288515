import { defineEntity } from '../../entity.ts';
import { currency, date, link, persons, select } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';
import { inclTaxCovers } from './field-checks.ts';

export const maintenance = defineEntity({
  name: 'Maintenance',
  route: 'asset/maintenances',
  prefix: 'MNT',
  typeList: 'maintenanceType',
  fields: {
    assetRegistration: link('Asset'),
    persons: persons(),
    submitDate: date(),
    returnDate: date(),
    validationDate: date(),
    amountExclTax: currency(),
    amountInclTax: currency(),
    currency: select('currency'),
    // The failed inspection that opened it (docs/field-work.md).
    inspectionRegistration: link('Inspection', { readOnly: true }),
  },
  // An amount including tax below the same amount excluding tax is a typing mistake.
  check: (doc) => inclTaxCovers(doc, 'amountExclTax', 'amountInclTax'),
  search: [
    'registration',
    regex('organization', { field: 'organization.name' }),
    equal('assetRegistration'),
    equal('status'),
    regex('name'),
    equal('type'),
    person('supplier', ['SUPPLIER']),
    range('submitDate'),
    range('returnDate'),
    range('validationDate'),
    range('amountExclTax'),
    range('amountInclTax'),
    equal('inspectionRegistration'),
  ],
  columns: [
    'registration',
    'organization.name',
    'assetRegistration',
    'status',
    'name',
    'type',
    column('persons', { render: 'object', label: 'Supplier' }),
    'submitDate',
    'returnDate',
    'validationDate',
    column('amountExclTax', { currencyField: 'currency' }),
    column('amountInclTax', { currencyField: 'currency' }),
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'VALIDATED', 'IN_PROGRESS', 'RETURNED', 'INVOICED', 'CLOSED', 'CANCELLED'],
  workflow: () => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['assetRegistration'], sideEffects: ['stampSubmitDate'] }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
    t('VALIDATE', 'SUBMITTED', 'VALIDATED', { sideEffects: ['stampValidationDate'] }),
    t('START', 'VALIDATED', 'IN_PROGRESS'),
    t('RETURN', 'IN_PROGRESS', 'RETURNED', { sideEffects: ['stampReturnDate'] }),
    t('INVOICE', 'RETURNED', 'INVOICED'),
    t('CLOSE', ['RETURNED', 'INVOICED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'VALIDATED'], 'CANCELLED'),
  ],
  menu: { section: 'Assets', order: 50 },
  labels: {
    fr: { singular: 'Maintenance', plural: 'Maintenances', texts: { 'Inspection registration': 'Inspection' } },
  },
});
