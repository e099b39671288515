import { defineEntity } from '../../entity.ts';
import { lotTransitions } from '../../workflow/shared-transitions.ts';

export const assetLot = defineEntity({
  name: 'AssetLot',
  route: 'asset/asset-lots',
  prefix: 'ASL',
  statuses: ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'VALIDATED', 'SOLD', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => lotTransitions(kind, 'SELL', 'SOLD'),
  menu: { section: 'Assets', order: 20 },
  labels: { fr: { singular: "Lot d'actifs", plural: "Lots d'actifs" } },
});
