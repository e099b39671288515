import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';

/**
 * What a score card measures on a client (reference list `scoreCriterion`), read from the
 * tenant's own records in the caller's transaction: the person's registration date and its
 * declared income and expenditure (person editor), its receivable invoices (overdue, their
 * balance, dunned), its returned debits (payment-file lines REJECTED) and its exposure (the
 * outstanding of its active contracts and credit lines). A value the data does not give is null.
 */
export type Measures = Record<string, number | null>;

const kind = (name: string) => entityByName(name)!;

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/** Whole years from `from` (YYYY-MM-DD) to `today`, as an anniversary counts them. */
export function yearsBetween(from: string, today: string): number {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = today.split('-').map(Number);
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

/** Records whose `persons[]` names the person. */
const namingPerson = (person: string) =>
  sql<boolean>`data->'persons' @> ${JSON.stringify([{ personRegistration: person }])}::jsonb`;

const sum = (values: unknown[]) =>
  values.reduce<InstanceType<typeof Dec>>((total, v) => total.plus(numberOf(v) ?? 0), new Dec(0)).toNumber();

export async function measureClient(
  tx: Tx,
  tenant: string,
  person: Record<string, unknown>,
  today: string,
): Promise<Measures> {
  const registration = String(person.registration);
  const since = [person.registrationDate, person.creationDate].find(
    (d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d),
  );
  const income = numberOf(person.incomeTotal);
  const expenditure = numberOf(person.expenditureTotal);

  const invoices = await storage.findWhere(
    tx,
    kind('Invoice'),
    tenant,
    sql<boolean>`${namingPerson(registration)} AND data->>'pr' = 'R' AND status NOT IN ('DRAFT', 'CANCELLED')`,
    5000,
  );
  const overdue = invoices.filter(
    (i) =>
      ['ISSUED', 'PARTIALLY_PAID'].includes(i.status ?? '') &&
      typeof i.data.dueDate === 'string' &&
      i.data.dueDate < today &&
      (numberOf(i.data.totalBalance) ?? numberOf(i.data.amountInclTax) ?? 0) > 0,
  );
  const dunned = invoices.filter((i) => typeof i.data.dunningLevel === 'string' && i.data.dunningLevel !== '');
  const returned = await storage.findWhere(
    tx,
    kind('PaymentFileLine'),
    tenant,
    sql<boolean>`data->>'personRegistration' = ${registration} AND status = 'REJECTED'`,
    5000,
  );
  const contracts = await storage.findWhere(
    tx,
    kind('Contract'),
    tenant,
    sql<boolean>`${namingPerson(registration)} AND status = 'ACTIVE'`,
    5000,
  );
  const creditLines = await storage.findWhere(
    tx,
    kind('CreditLine'),
    tenant,
    sql<boolean>`${namingPerson(registration)} AND status = 'ACTIVE'`,
    5000,
  );
  return {
    REGISTRATION_AGE: since ? yearsBetween(since.slice(0, 10), today) : null,
    EXPENDITURE_RATIO:
      income && income > 0 && expenditure !== null
        ? new Dec(expenditure).div(income).times(100).toDecimalPlaces(2).toNumber()
        : null,
    DISPOSABLE_INCOME: income !== null && expenditure !== null ? new Dec(income).minus(expenditure).toNumber() : null,
    OVERDUE_INVOICES: overdue.length,
    ARREARS_AMOUNT: sum(overdue.map((i) => i.data.totalBalance ?? i.data.amountInclTax)),
    DUNNED_INVOICES: dunned.length,
    RETURNED_DEBITS: returned.length,
    EXPOSURE: new Dec(sum(contracts.map((c) => c.data.outstandingPrincipal)))
      .plus(sum(creditLines.map((c) => c.data.outstanding)))
      .toNumber(),
  };
}
