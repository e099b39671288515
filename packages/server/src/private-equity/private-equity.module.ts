import type { ServerModule } from '../modules/server-module.ts';
import { writeDemoPrivateEquity } from './demo-private-equity.ts';
import { privateEquityWriteHooks } from './private-equity.operation.ts';
import { privateEquityRoutes } from './private-equity.routes.ts';

/** Private equity: holdings, their operations and cash legs, a holding's and a fund's performance (docs/private-equity.md). */
export const privateEquityModule: ServerModule = {
  name: 'private-equity',
  async register(app, { db, preHandler }) {
    await app.register(privateEquityRoutes, { db, preHandler });
  },
  writeHooks: privateEquityWriteHooks,
  demo: [
    {
      name: 'a private-equity fund with three holdings',
      async run(context) {
        if (!context.loadedKinds.includes('PrivateEquityAsset')) return;
        await writeDemoPrivateEquity(context);
      },
    },
  ],
};
