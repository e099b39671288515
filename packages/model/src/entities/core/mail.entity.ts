import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const mail = defineEntity({
  name: 'Mail',
  route: 'core/mails',
  prefix: 'MAL',
  statuses: ['DRAFT', 'QUEUED', 'SENT', 'DELIVERED', 'OPENED', 'BOUNCED', 'FAILED'],
  workflow: () => [
    t('QUEUE', 'DRAFT', 'QUEUED'),
    t('SEND', 'QUEUED', 'SENT', { hidden: true }),
    t('CONFIRM_DELIVERY', 'SENT', 'DELIVERED', { hidden: true }),
    t('CONFIRM_OPENING', 'DELIVERED', 'OPENED', { action: 'COMPLETE', hidden: true }),
    t('BOUNCE', 'SENT', 'BOUNCED', { hidden: true }),
    t('FAIL', 'QUEUED', 'FAILED', { hidden: true }),
    t('RETRY', ['FAILED', 'BOUNCED'], 'QUEUED'),
  ],
  menu: { section: 'Work', order: 55 },
  labels: { fr: { singular: 'Courriel', plural: 'Courriels' } },
});
