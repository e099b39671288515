/**
 * How an invoice is paid, from its payer's bank accounts (spec 002 bank accounts and SEPA
 * mandates): by direct debit when the payer's active account collects by SEPA direct debit under
 * a signed mandate, by transfer when the payer has an account, by cheque otherwise; the creditor
 * identifier is the payee's.
 */
import type { invoice } from '@lbo/model/entities/billing/invoice.entity';
import type { person } from '@lbo/model/entities/person/person.entity';
import type { InputOf } from '@lbo/model/record-types';
import type { Row, RowOf } from '../entities/storage.ts';

type PersonRow = RowOf<typeof person>;
/** The fields of an invoice that say how it is paid. */
export type PaymentTerms = Pick<
  InputOf<typeof invoice>,
  'paymentMode' | 'paymentCondition' | 'iban' | 'bic' | 'mandateReference' | 'creditorIdentifier'
>;

const activeAccounts = (row: PersonRow | undefined) => (row?.data.bankAccounts ?? []).filter((a) => !a.isInactive);

export function paymentTermsOf(payer: PersonRow | undefined, payee: PersonRow | undefined): PaymentTerms {
  const accounts = activeAccounts(payer);
  const debit = accounts.find(
    (a) =>
      a.collectionMethods?.includes('SEPA_DIRECT_DEBIT') &&
      a.sepaMandates?.some((m) => m.rumReference && m.rumStatus !== 'REVOKED'),
  );
  const creditor = activeAccounts(payee).find((a) => a.sepaCreditorIdentifier)?.sepaCreditorIdentifier ?? null;
  if (debit) {
    const mandate = debit.sepaMandates!.find((m) => m.rumReference && m.rumStatus !== 'REVOKED')!;
    return {
      paymentMode: 'SEPA_DIRECT_DEBIT',
      paymentCondition: 'ON_RECEIPT',
      iban: debit.bankIban ?? null,
      bic: debit.bankBic ?? null,
      mandateReference: mandate.rumReference,
      creditorIdentifier: creditor,
    };
  }
  // A transfer goes to the payee's account.
  const payeeAccount = activeAccounts(payee).find((a) => a.bankIban);
  if (accounts.length || payeeAccount)
    return {
      paymentMode: 'TRANSFER',
      paymentCondition: 'NET_30',
      iban: payeeAccount?.bankIban ?? null,
      bic: payeeAccount?.bankBic ?? null,
    };
  return { paymentMode: 'CHECK', paymentCondition: 'NET_30' };
}

/** A person's name as invoices show it. */
export function personName(row: PersonRow | Row): string {
  const d = row.data;
  return String(
    row.name ?? d.commercialName ?? ([d.firstName, d.lastName].filter(Boolean).join(' ') || row.registration),
  );
}
