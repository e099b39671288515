import { defineEntity } from '../../entity.ts';
import { number, select, text, textarea } from '../../fields.ts';
import { configurationStatuses } from '../../lists/shared-statuses.ts';
import { equal, regex } from '../../search.ts';

/** A place assets are kept or inspected at: its address and its coordinates (shown on a map). */
export const location = defineEntity({
  name: 'Location',
  route: 'asset/locations',
  prefix: 'LOC',
  typeList: 'locationType',
  fields: {
    street: text(),
    postalCode: text(),
    city: text(),
    country: select('country'),
    latitude: number({ min: -90, max: 90 }),
    longitude: number({ min: -180, max: 180 }),
    description: textarea(),
  },
  search: ['registration', regex('name'), equal('status'), equal('type'), regex('city'), equal('country')],
  columns: [
    'registration',
    'status',
    'name',
    'type',
    'street',
    'postalCode',
    'city',
    'country',
    'latitude',
    'longitude',
  ],
  statuses: configurationStatuses,
  workflow: 'generic',
  menu: { section: 'Assets', order: 55 },
  screens: { detail: 'location' },
  labels: {
    fr: {
      singular: 'Emplacement',
      plural: 'Emplacements',
      texts: {
        Street: 'Rue',
        'Postal code': 'Code postal',
        City: 'Ville',
        Country: 'Pays',
        Description: 'Description',
      },
    },
  },
});
