import { defineEntity } from '../../entity.ts';
import { date, link, select } from '../../fields.ts';
import { equal, range } from '../../search.ts';

export const depreciationSchedule = defineEntity({
  name: 'DepreciationSchedule',
  route: 'asset/depreciation-schedules',
  prefix: 'DS',
  typeList: 'depreciationScheduleType',
  fields: {
    method: select('depreciationMethod'),
    startDate: date(),
    endDate: date(),
    assetRegistration: link('Asset', { mandatory: true }),
    orgaRegistration: link('Person'),
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
});
