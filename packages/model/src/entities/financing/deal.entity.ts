import { defineEntity } from '../../entity.ts';
import { link, number, select } from '../../fields.ts';
import { contractColumns, contractFields, contractSearch, financedRecordTexts } from './contract-fields.ts';
import { approver, t } from '../../workflow/workflow.ts';

/** A contract being negotiated: same fields and list as Contract, its own status list. */
export const deal = defineEntity({
  name: 'Deal',
  route: 'financing/deals',
  prefix: 'DL',
  typeList: 'dealType',
  fields: {
    ...contractFields,
    // The last score of its client, computed on SUBMIT (server/src/scoring); APPROVE follows its decision.
    scoreTotal: number({ readOnly: true }),
    scoreDecision: select('scoreDecision', { readOnly: true }),
    scoreRegistration: link('Score', { label: 'Score', readOnly: true }),
  },
  search: contractSearch('Prospect'),
  columns: contractColumns,
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'WON', 'LOST', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED', {
      requiredFields: ['persons', 'financedAmountExclTax'],
      sideEffects: ['stampSubmitDate', 'scoreDeal'],
    }),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT', { sideEffects: ['clearSubmitDate'] }),
    t('APPROVE', 'SUBMITTED', 'APPROVED', {
      permission: approver(kind),
      sideEffects: ['checkScoreDecision', 'stampApprovalDate'],
    }),
    // The chosen quotation becomes a contract, in the same transaction.
    t('MARK_WON', 'APPROVED', 'WON', {
      confirm: 'Mark deal {registration} as won? A contract is made from its chosen quotation.',
      sideEffects: ['createContractFromDeal'],
    }),
    t('REOPEN', 'REJECTED', 'DRAFT'),
    t('MARK_LOST', ['SUBMITTED', 'APPROVED'], 'LOST'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED'], 'CANCELLED', { sideEffects: ['stampCancellationDate'] }),
  ],
  menu: { section: 'Financing', order: 10 },
  labels: {
    fr: {
      singular: 'Affaire',
      plural: 'Affaires',
      texts: {
        ...financedRecordTexts,
        'Score total': 'Score total',
        'Score decision': 'Décision du score',
        Score: 'Score',
      },
    },
  },
  screens: { detail: 'financedRecord' },
  writeHooks: 'financedRecord',
});
