import { attachDemoContents, attachDemoPictures } from '../documents/documents.module.ts';
import type { ServerModule } from '../modules/server-module.ts';
import { playDemoLifecycle } from './demo-lifecycle.ts';

/**
 * The demo tenant's book lived through by the product's own operations, once its persons, assets
 * and products are loaded: eighteen months of deals won, contracts activated, billed, collected by
 * SEPA and answered by the bank, accrued at each month end; late payers dunned; contracts amended
 * and refinanced; documents given contents and assets photos.
 */
export const demoModule: ServerModule = {
  name: 'demo',
  demo: [
    {
      name: 'contract lifecycle and collection',
      async run({ db, operations, store, tenant, loadedKinds }) {
        // Once, on the start that loaded the persons its contracts are made for; its files need the store.
        if (!loadedKinds.includes('Person') || !store) return;
        await playDemoLifecycle(db, operations, tenant, store);
      },
    },
    {
      name: 'document contents and asset pictures',
      async run({ db, store, tenant }) {
        if (!store) return;
        await attachDemoContents(db, store, tenant);
        await attachDemoPictures(db, store, tenant);
      },
    },
  ],
};
