import { defineEntity } from '../../entity.ts';
import { text, textarea } from '../../fields.ts';
import { equal, regex } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * A feature flag of the tenant, identified by its name in routes (`/feature-flag/{flagName}`).
 * What it gates names it in data (a menu placement's, a transition's or a route's `featureFlag`);
 * ENABLED turns it on for the tenant, its FeatureFlagItem rows turn it on or off for profiles or
 * users (precedence in docs/feature-flags.md). A name no flag holds leaves its gates open.
 */
export const featureFlag = defineEntity({
  name: 'FeatureFlag',
  route: 'core/feature-flags',
  key: 'name',
  typeList: 'featureFlagType',
  fields: {
    name: text({ mandatory: true, max: 100 }),
    description: textarea({ max: 2000 }),
  },
  search: [regex('name'), equal('status'), equal('type')],
  columns: ['name', 'status', 'type'],
  statuses: ['DRAFT', 'ENABLED', 'DISABLED', 'ARCHIVED'],
  workflow: () => [
    t('ENABLE', ['DRAFT', 'DISABLED'], 'ENABLED'),
    t('DISABLE', ['DRAFT', 'ENABLED'], 'DISABLED'),
    t('ARCHIVE', ['DRAFT', 'DISABLED'], 'ARCHIVED'),
  ],
  screens: { detail: 'featureFlag' },
  menu: { section: 'Configuration', order: 60 },
  labels: { fr: { singular: 'Fonctionnalité', plural: 'Fonctionnalités' } },
});
