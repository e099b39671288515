import { defineEntity } from '../../entity.ts';
import { currency, date, integer, json, link, list, percentage, persons, textarea } from '../../fields.ts';
import { ApiError } from '../../errors.ts';
import { column, equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/** The term each amendment type changes: required before it can be saved (financing/amendments.ts). */
const termOfType: Record<string, string[]> = {
  RATE_CHANGE: ['rate'],
  DURATION_CHANGE: ['duration'],
  PAYMENT_DATE_CHANGE: ['paymentDay'],
  PARTIAL_PREPAYMENT: ['prepaymentAmount'],
  ASSET_CHANGE: ['oldAssetRegistration', 'newAssetRegistration'],
};

/** A change to a running contract. */
export const amendment = defineEntity({
  name: 'Amendment',
  route: 'financing/amendments',
  prefix: 'AMD',
  typeList: 'amendmentType',
  fields: {
    contractRegistration: link('Contract'),
    date: date(),
    validityDate: date(),
    description: textarea(),
    persons: persons(),
    quotations: list({ financedAmountExclTax: currency() }),
    // The new terms, by type.
    rate: percentage({ min: 0, max: 10 }),
    duration: integer({ min: 1 }),
    paymentDay: integer({ min: 1, max: 31 }),
    prepaymentAmount: currency({ min: 0 }),
    oldAssetRegistration: link('Asset'),
    newAssetRegistration: link('Asset'),
    // The schedules before and after and the settlement, computed on submit and on apply.
    preview: json({ readOnly: true }),
    baseRevision: integer({ readOnly: true }),
    appliedDate: date({ readOnly: true }),
  },
  check: (doc) => {
    for (const field of termOfType[String(doc.type)] ?? []) {
      if (doc[field] === undefined || doc[field] === null || doc[field] === '')
        throw new ApiError('MISSING_FIELD_IN_BODY', [field]);
    }
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('contract', { field: 'contractRegistration' }),
    range('date'),
  ],
  columns: [
    'registration',
    { field: 'organization.name', hidden: true },
    'type',
    'status',
    'contractRegistration',
    'name',
    'date',
    'validityDate',
    'description',
    // Each client or partner links to /person/{registration} (spec 001 §2.6).
    column('persons', { render: 'link', label: 'Client / partner' }),
    column('quotations.0.financedAmountExclTax', { label: 'Financed amount' }),
  ],
  textSearch: [
    'registration',
    'name',
    'type',
    'status',
    'persons.name',
    'persons.personRegistration',
    'date',
    'validityDate',
    'description',
    'contractRegistration',
    'quotations.financedAmountExclTax',
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => [
    // Submitting computes the schedules before and after; applying replaces the lines not yet invoiced.
    t('SUBMIT', 'DRAFT', 'SUBMITTED', {
      requiredFields: ['contractRegistration', 'type', 'date'],
      sideEffects: ['previewAmendment'],
    }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('APPLY', 'APPROVED', 'APPLIED', {
      action: 'COMPLETE',
      confirm: 'Apply amendment {registration}? The contract and its schedules change from its date.',
      sideEffects: ['applyAmendment', 'recordPostingEvent'],
    }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
  ],
  menu: { section: 'Financing', order: 70 },
  labels: {
    fr: {
      singular: 'Avenant',
      plural: 'Avenants',
      texts: {
        'Payment day': 'Jour de prélèvement',
        'Prepayment amount': 'Montant du remboursement anticipé',
        'Old asset registration': 'Bien remplacé',
        'New asset registration': 'Nouveau bien',
        Preview: 'Aperçu',
        'Base revision': 'Révision de départ',
        'Applied date': "Date d'application",
      },
    },
  },
  screens: { listPage: { addButton: false }, detail: 'amendment' },
});
