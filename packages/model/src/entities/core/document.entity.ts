import { defineEntity } from '../../entity.ts';
import { integer, text } from '../../fields.ts';
import { column, equal, regex } from '../../search.ts';

/** A file attached to a record of any kind (entityName + entityRegistration). */
export const document = defineEntity({
  name: 'Document',
  route: 'core/documents',
  prefix: 'DOC',
  typeList: 'documentType',
  fields: {
    entityName: text(),
    entityRegistration: text(),
    url: text(),
    size: integer({ min: 0, readOnly: true }),
    sortIndex: integer(),
    deliveryId: text(),
    deliveryStatus: text(),
    externalReference: text(),
    externalGroupId: text(),
  },
  search: [
    equal('status'),
    'registration',
    regex('name'),
    equal('entityName'),
    equal('entityRegistration'),
    equal('type'),
    equal('deliveryId'),
    equal('deliveryStatus'),
    equal('externalReference'),
    equal('externalGroupId'),
  ],
  columns: [
    'registration',
    'name',
    'type',
    'status',
    'url',
    column('size', { render: 'bytes' }),
    'entityName',
    'entityRegistration',
  ],
});
