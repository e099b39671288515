import { defineEntity } from '../../entity.ts';
import { catalogItemStatuses } from '../../lists/shared-statuses.ts';

export const amendmentCatalogItem = defineEntity({
  name: 'AmendmentCatalogItem',
  route: 'financing/amendment-catalog-items',
  prefix: 'AMC',
  statuses: catalogItemStatuses,
  workflow: 'generic',
  menu: { section: 'Catalogues', order: 50 },
  labels: { fr: { singular: "Élément du catalogue d'avenants", plural: "Éléments du catalogue d'avenants" } },
});
