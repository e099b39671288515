import { defineEntity } from '../../entity.ts';
import { personColumns, personFields, personSearch, personTextSearch } from './person-fields.ts';
import { checkPerson } from './person-rules.ts';

/** A person not yet a client: same fields, filters and columns as Person. */
export const prospect = defineEntity({
  name: 'Prospect',
  route: 'person/prospects',
  prefix: 'PRS',
  typeList: 'prospectType',
  fields: personFields,
  search: personSearch,
  columns: personColumns,
  textSearch: personTextSearch,
  check: (doc) => checkPerson(doc),
});
