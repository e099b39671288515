import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const privateEquityAsset = defineEntity({
  name: 'PrivateEquityAsset',
  route: 'private-equity/assets',
  prefix: 'PEA',
  statuses: ['DRAFT', 'ACTIVE', 'EXITED', 'WRITTEN_OFF'],
  workflow: (kind) => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE', { label: 'Invest' }),
    t('EXIT', 'ACTIVE', 'EXITED'),
    t('WRITE_OFF', 'ACTIVE', 'WRITTEN_OFF', { permission: approver(kind) }),
  ],
  menu: { section: 'Private equity', order: 10 },
  labels: { fr: { singular: 'Actif de capital-investissement', plural: 'Actifs de capital-investissement' } },
});
