import { defineEntity } from '../../entity.ts';
import { currency, date, link, list, percentage, select, text } from '../../fields.ts';
import { column, equal, regex } from '../../search.ts';
import { lotTransitions } from '../../workflow/shared-transitions.ts';

/** A lot of contracts ceded to a fund. */
export const contractLot = defineEntity({
  name: 'ContractLot',
  route: 'financing/contract-lots',
  prefix: 'CTL',
  typeList: 'contractLotType',
  fields: {
    externalReference: text(),
    internalReference: text(),
    contractRegistration: link('Contract'),
    // The contracts ceded, each with its outstanding principal as the lot was priced (financing/contract-lots.ts).
    contracts: list({ contractRegistration: link('Contract'), outstandingPrincipal: currency() }),
    fundingRegistration: link('Funding'),
    fundRegistration: link('Fund'),
    rate: percentage(),
    cessionDate: date(),
    totalAmount: currency(),
    currency: select('currency'),
    submitDate: date(),
    acceptDate: date(),
    validationDate: date(),
  },
  search: [
    'registration',
    regex('name'),
    equal('type'),
    equal('status'),
    equal('externalReference'),
    equal('internalReference'),
    equal('contractRegistration'),
    equal('fundingRegistration'),
  ],
  columns: [
    'registration',
    'organization.name',
    'type',
    'name',
    'fundRegistration',
    'rate',
    'cessionDate',
    column('totalAmount', { currencyField: 'currency' }),
    'submitDate',
    'acceptDate',
    'validationDate',
    'status',
  ],
  statuses: ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'VALIDATED', 'TRANSFERRED', 'REJECTED', 'CANCELLED'],
  // Submitting prices the lot from its contracts' outstanding; the transfer cedes them to the fund.
  workflow: (kind) =>
    lotTransitions(kind, 'TRANSFER', 'TRANSFERRED').map((tr) =>
      ['SUBMIT', 'TRANSFER'].includes(tr.code)
        ? { ...tr, sideEffects: [...(tr.sideEffects ?? []), 'cedeContractLot' as const] }
        : tr,
    ),
  menu: { section: 'Financing', order: 30 },
  labels: { fr: { singular: 'Lot de contrats', plural: 'Lots de contrats', texts: { Contracts: 'Contrats' } } },
});
