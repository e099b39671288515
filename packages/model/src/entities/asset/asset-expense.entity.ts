import { defineEntity } from '../../entity.ts';

export const assetExpense = defineEntity({
  name: 'AssetExpense',
  route: 'asset/asset-expenses',
  prefix: 'AEX',
});
