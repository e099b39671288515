import { attachDemoContents, attachDemoPictures } from '../documents/documents.module.ts';
import type { ServerModule } from '../modules/server-module.ts';
import { collectDemoMonth } from './demo-collection.ts';
import { demoBookDate, playDemoLifecycle } from './demo-lifecycle.ts';

/**
 * The demo tenant's book lived through by the product's own operations, once its kinds are
 * loaded: deals won, contracts activated, billed, amended and booked; the last month collected by
 * SEPA and answered by the bank; late payers dunned; documents given contents and assets photos.
 */
export const demoModule: ServerModule = {
  name: 'demo',
  demo: [
    {
      name: 'contract lifecycle and collection',
      async run({ db, operations, store, tenant, loadedKinds }) {
        if (!loadedKinds.includes('Contract')) return;
        const lived = await playDemoLifecycle(db, operations, tenant, store);
        if (store && lived.contracts.active.length)
          await collectDemoMonth(db, store, tenant, lived.contracts.active, demoBookDate);
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
