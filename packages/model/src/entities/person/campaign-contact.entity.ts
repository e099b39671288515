import { defineEntity } from '../../entity.ts';

export const campaignContact = defineEntity({
  name: 'CampaignContact',
  route: 'person/campaign-contacts',
  prefix: 'CPC',
});
