import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const assetExpense = defineEntity({
  name: 'AssetExpense',
  route: 'asset/asset-expenses',
  prefix: 'AEX',
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'INVOICED', 'PAID', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('INVOICE', 'APPROVED', 'INVOICED'),
    t('PAY', 'INVOICED', 'PAID'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
  ],
  menu: { section: 'Assets', order: 25 },
  labels: { fr: { singular: "Dépense d'actif", plural: "Dépenses d'actifs" } },
});
