import { defineEntity } from '../../entity.ts';
import { processStatuses } from '../../lists/shared-statuses.ts';
import { processTransitions } from '../../workflow/shared-transitions.ts';

export const batch = defineEntity({
  name: 'Batch',
  route: 'script/batches',
  prefix: 'BAT',
  plural: 'batches',
  statuses: processStatuses,
  workflow: () => processTransitions,
  menu: { section: 'Configuration', order: 30 },
  screens: { list: 'batches', detail: 'batch' },
  labels: { fr: { singular: 'Traitement', plural: 'Traitements' } },
});
