import { defineEntity } from '../../entity.ts';
import { contractColumns, contractFields, contractSearch } from './contract-fields.ts';

/** A contract being negotiated: same fields and list as Contract, its own status list. */
export const deal = defineEntity({
  name: 'Deal',
  route: 'financing/deals',
  prefix: 'DL',
  typeList: 'dealType',
  fields: contractFields,
  search: contractSearch('Prospect'),
  columns: contractColumns,
});
