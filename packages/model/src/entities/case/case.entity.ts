import { defineEntity } from '../../entity.ts';
import { currency, date, link, list, number, persons, select, text } from '../../fields.ts';
import { column, equal, person, range, regex } from '../../search.ts';
import { requestTransitions } from '../../workflow/shared-transitions.ts';

/** A file followed by the back office (arrears, litigation, repossession…). */
// `case` is a reserved word, hence the name of the constant.
export const caseEntity = defineEntity({
  name: 'Case',
  route: 'case/cases',
  prefix: 'CAS',
  typeList: 'caseType',
  fields: {
    date: date(),
    contractRegistration: link('Contract'),
    invoiceRegistration: link('Invoice'),
    assetRegistration: link('Asset'),
    assetLotRegistration: link('AssetLot'),
    amount: currency(),
    currency: select('currency'),
    score: number(),
    lastContact: date(),
    lastAction: text(),
    persons: persons(),
    // A collection case (banking/returns, billing/dunning): the last return's reason, the highest
    // dunning level reached, late-payment interest and recovery indemnities owed, and what was done.
    reasonCode: select('sepaReturnReason', { readOnly: true }),
    dunningLevel: text({ readOnly: true }),
    interestAmount: currency({ readOnly: true }),
    indemnityAmount: currency({ readOnly: true }),
    actions: list({
      date: date(), action: text(), level: text(), reasonCode: select('sepaReturnReason'), invoiceRegistration: link('Invoice'),
      amount: currency(), interest: currency(), indemnity: currency(), communicationRegistration: link('Communication'), feeInvoiceRegistration: link('Invoice'),
    }, { readOnly: true, hidden: true }),
  },
  search: [
    'registration',
    range('date'),
    equal('status'),
    regex('name'),
    equal('type'),
    equal('contractRegistration'),
    equal('invoiceRegistration'),
    equal('assetRegistration'),
    equal('assetLotRegistration'),
    range('amount'),
    range('score'),
    range('lastContact'),
    equal('lastAction'),
    equal('dunningLevel'),
    equal('reasonCode'),
    person('supplier', ['SUPPLIER']),
    person('transporter', ['TRANSPORTER']),
    equal('currency'),
  ],
  columns: [
    'registration',
    'date',
    'status',
    'name',
    'type',
    'contractRegistration',
    'invoiceRegistration',
    'assetRegistration',
    'assetLotRegistration',
    column('amount', { currencyField: 'currency' }),
    'score',
    'lastContact',
    'lastAction',
    'dunningLevel',
    'reasonCode',
    column('persons', { render: 'object', label: 'Supplier / transporter' }),
    'currency',
  ],
  statuses: ['NEW', 'IN_PROGRESS', 'WAITING', 'ESCALATED', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  workflow: () => requestTransitions(true),
  menu: { section: 'Cases', order: 10 },
  screens: { detail: 'collectionCase' },
  labels: {
    fr: {
      singular: 'Dossier', plural: 'Dossiers',
      texts: {
        'Reason code': 'Motif de rejet', 'Dunning level': 'Niveau de relance', 'Interest amount': 'Intérêts de retard',
        'Indemnity amount': 'Indemnité forfaitaire de recouvrement', 'Actions': 'Actions', 'Action': 'Action', 'Level': 'Niveau',
        'Communication registration': 'Communication', 'Fee invoice registration': 'Facture de frais', 'Interest': 'Intérêts', 'Indemnity': 'Indemnité',
      },
    },
  },
});
