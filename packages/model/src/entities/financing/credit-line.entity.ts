import { defineEntity } from '../../entity.ts';
import { currency, date, link, list, object, persons, select, text } from '../../fields.ts';
import { column } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/** A credit limit granted to a client or partner, drawn by contracts. */
export const creditLine = defineEntity({
  name: 'CreditLine',
  route: 'financing/credit-lines',
  prefix: 'CL',
  typeList: 'creditLineType',
  fields: {
    startDate: date(),
    endDate: date(),
    creditLimit: currency(),
    outstanding: currency(),
    pending: currency(),
    available: currency(),
    liveStock: currency(),
    currency: select('currency'),
    financialProduct: select('financialProduct'),
    internalReference: text(),
    externalReference: text(),
    persons: persons(),
    quotations: list({ financedAmountExclTax: currency() }),
    assets: list({ assetRegistration: link('Asset'), asset: object({ name: text() }, { readOnly: true }) }),
    // Stamped by the workflow.
    approvalDate: date({ readOnly: true }),
    activationDate: date({ readOnly: true }),
    closingDate: date({ readOnly: true }),
  },
  columns: [
    'registration',
    'type',
    'name',
    'status',
    'startDate',
    'endDate',
    column('creditLimit', { currencyField: 'currency' }),
    column('outstanding', { currencyField: 'currency' }),
    column('pending', { currencyField: 'currency' }),
    column('available', { currencyField: 'currency' }),
    column('liveStock', { currencyField: 'currency' }),
    'currency',
    'financialProduct',
    'internalReference',
    'externalReference',
    column('_insertDate', { render: 'datetime', label: 'Created' }),
    { field: 'organization.name', hidden: true },
    // Each client or partner links to /person/{registration} (spec 001 §2.7).
    column('persons', { render: 'link', label: 'Client / partner' }),
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'EXPIRED', 'CLOSED', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED', { requiredFields: ['creditLimit', 'currency'] }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind), sideEffects: ['stampApprovalDate'] }),
    t('REVOKE_APPROVAL', 'APPROVED', 'SUBMITTED', { permission: approver(kind) }),
    t('ACTIVATE', 'APPROVED', 'ACTIVE', { requiredFields: ['startDate'], sideEffects: ['stampActivationDate'] }),
    t('SUSPEND', 'ACTIVE', 'SUSPENDED'),
    t('RESUME', 'SUSPENDED', 'ACTIVE'),
    t('EXPIRE', ['ACTIVE', 'SUSPENDED'], 'EXPIRED'),
    t('CLOSE', ['ACTIVE', 'SUSPENDED', 'EXPIRED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
  ],
  menu: { section: 'Financing', order: 50 },
  labels: {
    fr: {
      singular: 'Ligne de crédit',
      plural: 'Lignes de crédit',
      texts: {
        'Activation date': "Date d'activation",
        'Approval date': "Date d'approbation",
        'Closing date': 'Date de clôture',
      },
    },
  },
});
