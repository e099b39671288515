import { defineEntity } from '../../entity.ts';
import { personColumns, personFields, personSearch, personTextSearch } from './person-fields.ts';
import { checkPerson } from './person-rules.ts';

/** Individuals (I), employees (E), professionals (P), organizations (O) and companies (C). */
export const person = defineEntity({
  name: 'Person',
  route: 'person/persons',
  prefix: 'PER',
  plural: 'persons',
  typeList: 'personType',
  fields: personFields,
  search: personSearch,
  columns: personColumns,
  textSearch: personTextSearch,
  check: (doc) => checkPerson(doc),
});
