import { defineEntity } from '../../entity.ts';
import { contractColumns, contractFields, contractSearch } from './contract-fields.ts';

export const contract = defineEntity({
  name: 'Contract',
  route: 'financing/contracts',
  prefix: 'CT',
  // `type` and `contractType` both read the contractType list:
  // the spec names no other list of contract types.
  typeList: 'contractType',
  fields: contractFields,
  search: contractSearch('Person'),
  columns: contractColumns,
});
