import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const inventory = defineEntity({
  name: 'Inventory',
  route: 'accounting/inventories',
  prefix: 'IVT',
  plural: 'inventories',
  statuses: ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'VALIDATED', 'CANCELLED'],
  workflow: (kind) => [
    t('START', 'DRAFT', 'IN_PROGRESS'),
    t('COMPLETE', 'IN_PROGRESS', 'COMPLETED', { action: 'DO' }),
    t('UNDO_COMPLETE', 'COMPLETED', 'IN_PROGRESS', { label: 'Back to counting', icon: 'RollbackOutlined', action: 'UNDO' }),
    t('VALIDATE', 'COMPLETED', 'VALIDATED', { action: 'COMPLETE', permission: approver(kind), sideEffects: ['stampValidationDate'] }),
    t('CANCEL', ['DRAFT', 'IN_PROGRESS'], 'CANCELLED'),
  ],
  menu: { section: 'Accounting', order: 40 },
  labels: { fr: { singular: 'Inventaire', plural: 'Inventaires' } },
});
