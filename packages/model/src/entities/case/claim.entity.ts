import { defineEntity } from '../../entity.ts';
import { date, text, textarea } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';

export const claim = defineEntity({
  name: 'Claim',
  route: 'case/claims',
  prefix: 'CLM',
  fields: {
    code: text(),
    description: textarea(),
    // "references" of the spec: the claim's internal and external references.
    internalReference: text(),
    externalReference: text(),
    startDate: date(),
    endDate: date(),
  },
  search: [
    'registration',
    equal('status'),
    equal('code'),
    regex('name'),
    regex('description'),
    equal('internalReference'),
    equal('externalReference'),
    range('startDate'),
    range('endDate'),
  ],
  columns: [
    'registration',
    'status',
    'code',
    'name',
    'description',
    'internalReference',
    'externalReference',
    'startDate',
    'endDate',
  ],
});
