import type { ServerModule } from '../modules/server-module.ts';
import { assetCatalogueRoutes } from './asset-catalogue.routes.ts';
import { externalRoutes } from './external.routes.ts';
import { lecturaRoutes } from './lectura.routes.ts';
import { lecturaSetting, VEHICLE_CATALOGUE } from './lectura-settings.ts';

export { regressorCurves, type RegressorCurve, type RegressorQuery } from './lectura.ts';

/** Registries, address lookups and the vehicle catalogue through provider adapters. */
export const externalModule: ServerModule = {
  name: 'external',
  async register(app, { db, operations, preHandler }) {
    await app.register(externalRoutes, { db, preHandler });
    await app.register(lecturaRoutes, { db, preHandler });
    await app.register(assetCatalogueRoutes, { db, operations, preHandler });
  },
  tenantSettings: {
    /** The vehicle catalogue's address and key (docs/vehicle-catalogue.md); the key is never answered. */
    [VEHICLE_CATALOGUE]: lecturaSetting,
  },
};
