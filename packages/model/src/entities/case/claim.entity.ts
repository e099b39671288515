import { defineEntity } from '../../entity.ts';
import { currency, date, link, number, persons, select, text, textarea } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * A claim on an asset (damage, theft, loss) against an insurer or a carrier. Settling it posts
 * its amount through the books' rules (CLAIM_SETTLEMENT); a failed inspection may open one.
 */
export const claim = defineEntity({
  name: 'Claim',
  route: 'case/claims',
  prefix: 'CLM',
  fields: {
    code: text(),
    description: textarea(),
    // "references" of the spec: the claim's internal and external references.
    internalReference: text(),
    externalReference: text(),
    startDate: date(),
    endDate: date(),
    assetRegistration: link('Asset'),
    amount: currency(),
    currency: select('currency'),
    score: number(),
    lastContact: date(),
    lastAction: text(),
    // Its supplier (repairer) and transporter (carrier), by role.
    persons: persons(),
    settlementDate: date(),
    // The failed inspection that opened it (docs/field-work.md).
    inspectionRegistration: link('Inspection', { readOnly: true }),
  },
  search: [
    'registration',
    equal('status'),
    equal('code'),
    regex('name'),
    regex('description'),
    equal('internalReference'),
    equal('externalReference'),
    range('startDate'),
    range('endDate'),
    equal('assetRegistration'),
    range('amount'),
    range('score'),
    range('lastContact'),
    equal('lastAction'),
    person('supplier', ['SUPPLIER']),
    person('transporter', ['TRANSPORTER']),
    equal('currency'),
    equal('inspectionRegistration'),
  ],
  columns: [
    'registration',
    'status',
    'code',
    'name',
    'description',
    'internalReference',
    'externalReference',
    'startDate',
    'endDate',
    'assetRegistration',
    column('amount', { currencyField: 'currency' }),
    'score',
    'lastContact',
    'lastAction',
    column('persons', { render: 'object', label: 'Supplier / transporter' }),
    'currency',
  ],
  statuses: ['DRAFT', 'DECLARED', 'UNDER_REVIEW', 'ACCEPTED', 'SETTLED', 'CLOSED', 'REJECTED'],
  workflow: (kind) => [
    t('DECLARE', 'DRAFT', 'DECLARED', { requiredFields: ['startDate'] }),
    t('UNDO_DECLARE', 'DECLARED', 'DRAFT', { label: 'Back to draft', icon: 'RollbackOutlined', action: 'UNDO' }),
    t('REVIEW', 'DECLARED', 'UNDER_REVIEW'),
    t('ACCEPT', 'UNDER_REVIEW', 'ACCEPTED', { permission: approver(kind) }),
    // The settled amount is posted by the books' CLAIM_SETTLEMENT rule, in the transition's transaction.
    t('SETTLE', 'ACCEPTED', 'SETTLED', {
      action: 'DO',
      requiredFields: ['amount'],
      sideEffects: ['stampSettlementDate', 'recordPostingEvent'],
    }),
    t('CLOSE', ['SETTLED', 'REJECTED'], 'CLOSED', { sideEffects: ['stampClosingDate'] }),
    t('REJECT', 'UNDER_REVIEW', 'REJECTED', { permission: approver(kind) }),
  ],
  menu: { section: 'Cases', order: 20 },
  labels: {
    fr: {
      singular: 'Réclamation',
      plural: 'Réclamations',
      texts: {
        'Asset registration': 'Actif',
        'Last contact': 'Dernier contact',
        'Last action': 'Dernière action',
        'Settlement date': 'Date de règlement',
        'Inspection registration': 'Inspection',
        'Supplier / transporter': 'Fournisseur / transporteur',
      },
    },
  },
});
