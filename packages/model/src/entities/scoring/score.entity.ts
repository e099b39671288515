import { defineEntity } from '../../entity.ts';
import { approver, t } from '../../workflow/workflow.ts';

export const score = defineEntity({
  name: 'Score',
  route: 'scoring/scores',
  prefix: 'SCO',
  statuses: ['DRAFT', 'COMPUTED', 'VALIDATED', 'OVERRIDDEN', 'EXPIRED'],
  workflow: (kind) => [
    t('COMPUTE', 'DRAFT', 'COMPUTED'),
    t('RECOMPUTE', 'COMPUTED', 'DRAFT'),
    t('VALIDATE', 'COMPUTED', 'VALIDATED', { permission: approver(kind), sideEffects: ['stampValidationDate'] }),
    t('OVERRIDE', ['COMPUTED', 'VALIDATED'], 'OVERRIDDEN', { permission: approver(kind) }),
    t('EXPIRE', ['VALIDATED', 'OVERRIDDEN'], 'EXPIRED'),
  ],
  menu: { section: 'Scoring', order: 10 },
  labels: { fr: { singular: 'Score', plural: 'Scores' } },
});
