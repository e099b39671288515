import type { ServerModule } from '../modules/server-module.ts';
import { assetExpenseHooks, assetLotHooks, refreshAssetExpenses } from './asset-costs.ts';
import { playDemoFieldWork } from './demo-field.ts';
import { fieldRoutes } from './field.routes.ts';
import { inspectionWriteHooks } from './inspection.hooks.ts';
import {
  defaultInspectionTemplates,
  INSPECTION_TEMPLATES,
  validateInspectionTemplates,
} from './inspection-templates.ts';

/**
 * Field work on assets (docs/field-work.md): inspections with their checklists, GPS position,
 * signature and photos, the maintenance or claim a failed one opens; maintenances; asset lots
 * with their totals; locations; asset expenses kept as the asset's cost; claims settled into the books.
 */
export const fieldModule: ServerModule = {
  name: 'field',
  async register(app, { db, preHandler }) {
    await app.register(fieldRoutes, { db, preHandler });
  },
  writeHooks: {
    inspectionAnswers: inspectionWriteHooks,
    assetExpenses: assetExpenseHooks,
    assetLotTotals: assetLotHooks,
  },
  sideEffects: {
    refreshAssetExpenses,
    stampSettlementDate: ({ doc, today }) => (doc.settlementDate ? doc : { ...doc, settlementDate: today }),
  },
  tenantSettings: {
    /** The inspections' checklists, one per asset type (inspection-templates.ts). */
    [INSPECTION_TEMPLATES]: { validate: validateInspectionTemplates, default: defaultInspectionTemplates },
  },
  demo: [{ name: 'field work on assets', run: playDemoFieldWork }],
};
