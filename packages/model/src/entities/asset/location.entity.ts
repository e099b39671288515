import { defineEntity } from '../../entity.ts';
import { configurationStatuses } from '../../lists/shared-statuses.ts';

export const location = defineEntity({
  name: 'Location',
  route: 'asset/locations',
  prefix: 'LOC',
  statuses: configurationStatuses,
  workflow: 'generic',
  menu: { section: 'Assets', order: 55 },
  labels: { fr: { singular: 'Emplacement', plural: 'Emplacements' } },
});
