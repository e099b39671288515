import type { ServerModule } from '../modules/server-module.ts';
import { writeDemoIndices } from './demo-indices.ts';
import { indexValueHooks } from './index-values.ts';

/**
 * Market indices and their published values (docs/kinds.md): a value names an index of the
 * tenant, and the index keeps its latest value and date.
 */
export const indicesModule: ServerModule = {
  name: 'indices',
  writeHooks: { indexValues: indexValueHooks },
  demo: [{ name: 'market indices and their values', run: writeDemoIndices }],
};
