import { defineEntity } from '../../entity.ts';
import { t } from '../../workflow/workflow.ts';

export const featureFlagItem = defineEntity({
  name: 'FeatureFlagItem',
  route: 'core/feature-flag-items',
  prefix: 'FFI',
  statuses: ['DRAFT', 'ENABLED', 'DISABLED'],
  workflow: () => [t('ENABLE', ['DRAFT', 'DISABLED'], 'ENABLED'), t('DISABLE', 'ENABLED', 'DISABLED')],
  menu: { section: 'Configuration', order: 65 },
  labels: { fr: { singular: 'Élément de fonctionnalité', plural: 'Éléments de fonctionnalité' } },
});
