import { defineEntity } from '../../entity.ts';
import { date, link, select, text } from '../../fields.ts';
import { equal, range, regex } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * A holding of a private-equity fund (docs/private-equity.md): a stake in a company, bought and
 * sold by its operations (PrivateEquityOperation). Its performance (shares held, cost, realised
 * proceeds, latest valuation, TVPI, IRR) is computed from those operations by
 * `GET /api/private-equity/assets/{registration}/performance`; a fund's by `…/funds/{fund}/performance`.
 */
export const privateEquityAsset = defineEntity({
  name: 'PrivateEquityAsset',
  route: 'private-equity/assets',
  prefix: 'PEA',
  fields: {
    /** The company held. */
    companyRegistration: link('Person', { label: 'Company' }),
    /** The fund (its code or name) holding the stake: the holdings of a fund are those naming it. */
    fund: text({ max: 100 }),
    currency: select('currency'),
    sector: select('privateEquitySector'),
    acquisitionDate: date(),
  },
  search: [
    'registration',
    regex('name'),
    equal('status'),
    equal('type'),
    equal('fund'),
    equal('company', { field: 'companyRegistration' }),
    equal('sector'),
    equal('currency'),
    range('acquisitionDate'),
  ],
  columns: ['registration', 'status', 'name', 'fund', 'companyRegistration', 'sector', 'currency', 'acquisitionDate'],
  statuses: ['DRAFT', 'ACTIVE', 'EXITED', 'WRITTEN_OFF'],
  workflow: (kind) => [
    t('ACTIVATE', 'DRAFT', 'ACTIVE', { label: 'Invest' }),
    t('EXIT', 'ACTIVE', 'EXITED'),
    t('WRITE_OFF', 'ACTIVE', 'WRITTEN_OFF', { permission: approver(kind) }),
  ],
  screens: { detail: 'privateEquityAsset' },
  menu: { section: 'Private equity', order: 10 },
  labels: {
    fr: {
      singular: 'Actif de capital-investissement',
      plural: 'Actifs de capital-investissement',
      texts: {
        Company: 'Société',
        Fund: 'Fonds',
        Currency: 'Devise',
        Sector: 'Secteur',
        'Acquisition date': "Date d'acquisition",
      },
    },
  },
});
