import { defineEntity } from '../../entity.ts';
import {
  currency, date, integer, link, list, number, percentage, select, text, textarea,
} from '../../fields.ts';
import { column, equal, range, regex } from '../../search.ts';

/** A financed or managed good (vehicle, equipment…), priced like a pricing line. */
export const asset = defineEntity({
  name: 'Asset',
  route: 'asset/assets',
  prefix: 'AS',
  typeList: 'assetType',
  fields: {
    description: textarea(),
    model: text(),
    state: text(),
    category: text(),
    manufacturer: text(),
    finish: text(),
    identificationNumber: text(),
    registrationBookNumber: text(),
    supplierRegistration: link('Person'),
    supplierCurrency: select('currency'),
    usage: text(),
    taxCode: select('taxCode'),
    currency: select('currency'),
    unitPrice: currency(),
    sourcePrice: currency(),
    quantity: number({ min: 0 }),
    discount: percentage(),
    priceExclTax: currency(),
    priceInclTax: currency(),
    invoiceNumber: text(),
    invoiceDate: date(),
    deliveryDate: date(),
    serviceCode: text(),
    rvCode: text(),
    rvCatalog: text(),
    paramsCatalog: text(),
    serviceCatalog: text(),
    sourceCatalog: text(),
    // The TYPE category holds the type.
    categories: list({ name: text(), code: text() }),
    // Images and files, stored as Document records; listed here when included.
    documents: list(
      { name: text(), type: select('documentType'), url: text(), sortIndex: integer() },
      { readOnly: true },
    ),
    // Vehicles
    mileage: integer({ min: 0 }),
    modelYear: integer(),
    licenceNumber: text(),
    registrationDate: date(),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('registrationBookNumber'),
    range('priceExclTax'),
    equal('supplierRegistration', { entity: 'Person', roles: ['SUPPLIER'] }),
    equal('invoiceNumber'),
    equal('supplierCurrency'),
    equal('deliveryDate'),
    equal('invoiceDate'),
  ],
  columns: [
    'registration',
    'status',
    'name',
    'identificationNumber',
    'registrationBookNumber',
    column('priceExclTax', { currencyField: 'currency' }),
    column('priceInclTax', { currencyField: 'currency' }),
    'currency',
    'type',
  ],
});
