import { defineEntity } from '../../entity.ts';
import { text } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/** Identified by its name in routes (`/feature-flag/{flagName}`). */
export const featureFlag = defineEntity({
  name: 'FeatureFlag',
  route: 'core/feature-flags',
  key: 'name',
  typeList: 'featureFlagType',
  fields: { name: text({ mandatory: true }) },
  search: [regex('name'), equal('status'), equal('type')],
  columns: ['name', 'status', 'type'],
  statuses: ['DRAFT', 'ENABLED', 'DISABLED', 'ARCHIVED'],
  workflow: () => [
    t('ENABLE', ['DRAFT', 'DISABLED'], 'ENABLED'),
    t('DISABLE', 'ENABLED', 'DISABLED'),
    t('ARCHIVE', ['DRAFT', 'DISABLED'], 'ARCHIVED'),
  ],
  menu: { section: 'Configuration', order: 60 },
  labels: { fr: { singular: 'Fonctionnalité', plural: 'Fonctionnalités' } },
});
