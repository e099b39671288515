/**
 * The score card every tenant starts with (`tenantDefaults`), editable like any record: an
 * application scorecard of a small-ticket leasing company, in points per band as FICO-style
 * scorecards are read. A client the data says nothing about (no registration date, no declared
 * income) scores 70 and is referred to the credit committee; a long-standing client paying on time
 * with modest charges is approved; overdue invoices and returned debits pull it down to a
 * guarantor or a refusal.
 */
export const DEFAULT_CARD_REGISTRATION = 'SCC-DEFAULT';

export const defaultScoreCard = {
  registration: DEFAULT_CARD_REGISTRATION,
  name: 'Default application score card',
  description:
    'Points per band, weighted: seniority, charges against income, payment behaviour (overdue, dunned, returned debits) and exposure.',
  isDefault: true,
  criteria: [
    {
      source: 'REGISTRATION_AGE',
      label: 'Years since registration',
      weight: 1,
      bands: [
        { to: 2, points: 0 },
        { from: 2, to: 5, points: 10 },
        { from: 5, to: 10, points: 20 },
        { from: 10, points: 30 },
      ],
    },
    {
      source: 'EXPENDITURE_RATIO',
      label: 'Expenditure to income (%)',
      weight: 1,
      bands: [
        { to: 30, points: 30 },
        { from: 30, to: 50, points: 20 },
        { from: 50, to: 70, points: 5 },
        { from: 70, points: -20 },
      ],
    },
    {
      source: 'OVERDUE_INVOICES',
      label: 'Overdue invoices',
      weight: 1.5,
      bands: [
        { to: 1, points: 20 },
        { from: 1, to: 3, points: 0 },
        { from: 3, points: -30 },
      ],
    },
    {
      source: 'DUNNED_INVOICES',
      label: 'Dunned invoices',
      weight: 1,
      bands: [
        { to: 1, points: 10 },
        { from: 1, to: 2, points: 0 },
        { from: 2, points: -20 },
      ],
    },
    {
      source: 'RETURNED_DEBITS',
      label: 'Returned debits',
      weight: 1,
      bands: [
        { to: 1, points: 20 },
        { from: 1, to: 3, points: -10 },
        { from: 3, points: -40 },
      ],
    },
    {
      source: 'EXPOSURE',
      label: 'Exposure (outstanding)',
      weight: 1,
      bands: [
        { to: 50000, points: 10 },
        { from: 50000, to: 250000, points: 0 },
        { from: 250000, points: -20 },
      ],
    },
  ],
  decisions: [
    { to: 30, decision: 'REFUSE' },
    { from: 30, to: 50, decision: 'GUARANTOR' },
    { from: 50, to: 80, decision: 'REFER' },
    { from: 80, decision: 'APPROVE' },
  ],
};
