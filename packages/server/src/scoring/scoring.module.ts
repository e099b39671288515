import type { ServerModule } from '../modules/server-module.ts';
import { defaultScoreCard } from './default-card.ts';
import { checkScoreDecision, scoreDeal } from './deal-decision.ts';
import { writeDemoScores } from './demo-scores.ts';
import { scoringRoutes } from './scoring.routes.ts';

/**
 * Credit scoring that decides (docs/scoring.md): score cards as tenant data (a default one per
 * tenant), a Score stored when a deal is submitted and on demand, and the deal's APPROVE obeying
 * the score's decision.
 */
export const scoringModule: ServerModule = {
  name: 'scoring',
  async register(app, { db, preHandler }) {
    await app.register(scoringRoutes, { db, preHandler });
  },
  sideEffects: { scoreDeal, checkScoreDecision },
  tenantDefaults: [{ kind: 'ScoreCard', records: [defaultScoreCard] }],
  demo: [
    {
      name: 'scores of the demo clients',
      async run({ db, tenant, loadedKinds }) {
        if (!loadedKinds.includes('Deal')) return;
        await writeDemoScores(db, tenant);
      },
    },
  ],
};
