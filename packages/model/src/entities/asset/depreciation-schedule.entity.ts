import { defineEntity } from '../../entity.ts';
import { boolean, currency, date, integer, link, list, number, percentage, select } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { t } from '../../workflow/workflow.ts';

/**
 * The depreciation of an asset over fiscal years (spec 002 §7: created with the asset's
 * registration and the schedule's terms, deleted by registration). The server computes the
 * lines, the depreciable base and the end date from the terms on every write
 * (packages/server/src/asset, finance/depreciation.ts).
 */
export const depreciationSchedule = defineEntity({
  name: 'DepreciationSchedule',
  route: 'asset/depreciation-schedules',
  prefix: 'DS',
  typeList: 'depreciationScheduleType',
  fields: {
    method: select('depreciationMethod', { mandatory: true }),
    /** In-service date (straight-line) or acquisition date (declining balance). */
    startDate: date({ mandatory: true }),
    endDate: date({ readOnly: true }),
    assetRegistration: link('Asset', { mandatory: true }),
    orgaRegistration: link('Person'),
    /** Acquisition value; the asset's price excluding tax when not given. */
    acquisitionValue: currency({ min: 0 }),
    salvageValue: currency({ min: 0 }),
    /** Useful life in years. */
    duration: integer({ mandatory: true, min: 1, max: 100 }),
    /** Declining-balance coefficient; the French one for the duration when not given. */
    coefficient: number({ min: 1, max: 10 }),
    /** Last month of the fiscal year, 1 to 12 (12: calendar years). */
    fiscalYearEndMonth: integer({ min: 1, max: 12 }),
    /** Pro rata temporis of the first year (true when not given). */
    prorata: boolean(),
    currency: select('currency'),
    depreciableBase: currency({ readOnly: true }),
    lines: list(
      {
        number: integer(),
        fiscalYear: integer(),
        startDate: date(),
        endDate: date(),
        prorata: number(),
        rate: percentage(),
        openingValue: currency(),
        depreciation: currency(),
        accumulated: currency(),
        closingValue: currency(),
      },
      { readOnly: true },
    ),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('method'),
    range('startDate'),
    range('endDate'),
    equal('assetRegistration'),
    equal('orgaRegistration'),
  ],
  columns: [
    'registration',
    'status',
    'type',
    'method',
    'startDate',
    'endDate',
    'assetRegistration',
    'orgaRegistration',
  ],
  statuses: ['DRAFT', 'ACTIVE', 'COMPLETED', 'CANCELLED'],
  workflow: () => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE'),
    t('COMPLETE', 'ACTIVE', 'COMPLETED'),
    t('CANCEL', ['DRAFT', 'ACTIVE'], 'CANCELLED'),
  ],
  menu: { section: 'Assets', order: 30 },
  labels: { fr: { singular: "Plan d'amortissement", plural: "Plans d'amortissement" } },
  writeHooks: 'depreciationLines',
});
