import { defineEntity } from '../../entity.ts';

export const assetLot = defineEntity({ name: 'AssetLot', route: 'asset/asset-lots', prefix: 'ASL' });
