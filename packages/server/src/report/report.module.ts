import type { ServerModule } from '../modules/server-module.ts';
import { excelRoutes } from './excel.routes.ts';
import { exportRoutes } from './export.routes.ts';

export interface ReportSettings {
  /** Rows past which a list export runs in the background. */
  exportBackgroundRows?: number;
}

/** Excel workbooks and list exports, large ones in the background. */
export const reportModule = ({ exportBackgroundRows }: ReportSettings = {}): ServerModule => ({
  name: 'report',
  async register(app, { db, store, operations, entities, preHandler, jobs }) {
    await app.register(excelRoutes, { preHandler });
    await app.register(exportRoutes, {
      db,
      store,
      operations,
      entities,
      preHandler,
      jobs,
      backgroundThreshold: exportBackgroundRows,
    });
  },
});
