import { defineEntity } from '../../entity.ts';

export const featureFlagItem = defineEntity({
  name: 'FeatureFlagItem',
  route: 'core/feature-flag-items',
  prefix: 'FFI',
});
