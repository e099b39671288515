import type { ServerModule } from '../modules/server-module.ts';
import { externalRoutes } from './external.routes.ts';
import { lecturaSetting, VEHICLE_CATALOGUE } from './lectura-settings.ts';

export { regressorCurves, type RegressorCurve, type RegressorQuery } from './lectura.ts';

/** Registries, address lookups and the vehicle catalogue through provider adapters. */
export const externalModule: ServerModule = {
  name: 'external',
  async register(app, { db, preHandler }) {
    await app.register(externalRoutes, { db, preHandler });
  },
  tenantSettings: {
    /** The vehicle catalogue's address and key (docs/vehicle-catalogue.md); the key is never answered. */
    [VEHICLE_CATALOGUE]: lecturaSetting,
  },
};
