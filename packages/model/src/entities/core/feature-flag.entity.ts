import { defineEntity } from '../../entity.ts';
import { text } from '../../fields.ts';
import { equal, regex } from '../../search.ts';

/** Identified by its name in routes (`/feature-flag/{flagName}`). */
export const featureFlag = defineEntity({
  name: 'FeatureFlag',
  route: 'core/feature-flags',
  key: 'name',
  typeList: 'featureFlagType',
  fields: { name: text({ mandatory: true }) },
  search: [regex('name'), equal('status'), equal('type')],
  columns: ['name', 'status', 'type'],
});
