import type { ServerModule } from '../modules/server-module.ts';
import { depreciationWriteHooks } from './depreciation-schedule.hooks.ts';

/** Assets: their depreciation schedules kept with them. */
export const assetModule: ServerModule = {
  name: 'asset',
  writeHooks: depreciationWriteHooks,
};
