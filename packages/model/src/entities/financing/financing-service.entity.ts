import { defineEntity } from '../../entity.ts';

export const financingService = defineEntity({
  name: 'FinancingService',
  route: 'financing/financing-services',
  prefix: 'FS',
});
