import { defineEntity } from '../../entity.ts';

export const privateEquityAsset = defineEntity({
  name: 'PrivateEquityAsset',
  route: 'private-equity/assets',
  prefix: 'PEA',
});
