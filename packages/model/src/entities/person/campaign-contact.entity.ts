import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const campaignContact = defineEntity({
  name: 'CampaignContact',
  route: 'person/campaign-contacts',
  prefix: 'CPC',
  statuses: ['NEW', 'CONTACTED', 'INTERESTED', 'NOT_INTERESTED', 'CONVERTED', 'UNSUBSCRIBED'],
  workflow: () => [
    t('CONTACT', 'NEW', 'CONTACTED'),
    t('MARK_INTERESTED', 'CONTACTED', 'INTERESTED'),
    t('CONVERT', 'INTERESTED', 'CONVERTED'),
    t('MARK_NOT_INTERESTED', ['CONTACTED', 'INTERESTED'], 'NOT_INTERESTED'),
    t('UNSUBSCRIBE', ['NEW', 'CONTACTED', 'INTERESTED', 'NOT_INTERESTED'], 'UNSUBSCRIBED'),
  ],
  menu: { section: 'Persons', order: 45 },
  labels: { fr: { singular: 'Contact de campagne', plural: 'Contacts de campagne' } },
});
