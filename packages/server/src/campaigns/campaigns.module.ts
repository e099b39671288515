import type { ServerModule } from '../modules/server-module.ts';
import { campaignContactHooks } from './contact-hooks.ts';

/** Campaigns and the persons and prospects they reach (docs/kinds.md): a contact's links stay in its tenant. */
export const campaignsModule: ServerModule = {
  name: 'campaigns',
  writeHooks: { campaignContacts: campaignContactHooks },
};
