import { defineEntity } from '../../entity.ts';
import { currency, date, link, number, textarea } from '../../fields.ts';
import { equal, range } from '../../search.ts';
import { approver, t } from '../../workflow/workflow.ts';

/**
 * An event of a holding's life (docs/private-equity.md), of a type of `privateEquityOperationType`:
 * INVESTMENT and FOLLOW_ON buy `shares` for `amount`; PARTIAL_EXIT sells `shares` for `amount`;
 * FULL_EXIT sells what is left for `amount`; DIVIDEND pays `amount`; VALUATION values the stake
 * held at `amount` on its date. Amounts are in the holding's currency. Cancelled and rejected
 * operations count for nothing; the others count from their date (server/src/private-equity).
 */
export const privateEquityOperation = defineEntity({
  name: 'PrivateEquityOperation',
  route: 'private-equity/operations',
  prefix: 'PEO',
  typeList: 'privateEquityOperationType',
  fields: {
    assetRegistration: link('PrivateEquityAsset', { label: 'Holding' }),
    operationDate: date(),
    amount: currency({ min: 0 }),
    shares: number({ min: 0 }),
    comment: textarea(),
  },
  search: [
    'registration',
    equal('status'),
    equal('type'),
    equal('asset', { field: 'assetRegistration' }),
    range('operationDate'),
    range('amount'),
  ],
  columns: ['registration', 'status', 'name', 'type', 'assetRegistration', 'operationDate', 'amount', 'shares'],
  statuses: ['DRAFT', 'SUBMITTED', 'APPROVED', 'EXECUTED', 'REJECTED', 'CANCELLED'],
  workflow: (kind) => [
    t('SUBMIT', 'DRAFT', 'SUBMITTED'),
    t('UNDO_SUBMIT', 'SUBMITTED', 'DRAFT'),
    t('APPROVE', 'SUBMITTED', 'APPROVED', { permission: approver(kind) }),
    t('EXECUTE', 'APPROVED', 'EXECUTED'),
    t('REJECT', 'SUBMITTED', 'REJECTED', { permission: approver(kind) }),
    t('CANCEL', ['DRAFT', 'SUBMITTED', 'APPROVED'], 'CANCELLED'),
  ],
  writeHooks: 'privateEquityOperation',
  menu: { section: 'Private equity', order: 20 },
  labels: {
    fr: {
      singular: 'Opération de capital-investissement',
      plural: 'Opérations de capital-investissement',
      texts: {
        Holding: 'Participation',
        'Operation date': "Date de l'opération",
        Amount: 'Montant',
        Shares: 'Titres',
        Comment: 'Commentaire',
      },
    },
  },
});
