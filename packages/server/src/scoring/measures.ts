import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';

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

/** One aggregate row of a kind's records naming the client: counts and exact sums, whatever their number. */
async function aggregate<R>(
  tx: Tx,
  kindName: string,
  tenant: string,
  select: ReturnType<typeof sql>,
  where: ReturnType<typeof sql<boolean>>,
): Promise<R> {
  const { rows } =
    await sql<R>`SELECT ${select} FROM ${sql.table(kind(kindName).table)} WHERE tenant = ${tenant} AND ${where}`.execute(
      tx,
    );
  return rows[0];
}

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

  // Counted and summed by the database (numeric, exact): a fleet client's thousands of invoices are not read.
  const balance = sql`numeric_value(COALESCE(data->>'totalBalance', data->>'amountInclTax'))`;
  const invoices = await aggregate<{ overdue: string; arrears: string | null; dunned: string }>(
    tx,
    'Invoice',
    tenant,
    sql`count(*) FILTER (WHERE status IN ('ISSUED', 'PARTIALLY_PAID') AND data->>'dueDate' < ${today} AND ${balance} > 0) AS overdue,
      sum(${balance}) FILTER (WHERE status IN ('ISSUED', 'PARTIALLY_PAID') AND data->>'dueDate' < ${today} AND ${balance} > 0)::text AS arrears,
      count(*) FILTER (WHERE COALESCE(data->>'dunningLevel', '') <> '') AS dunned`,
    sql<boolean>`${namingPerson(registration)} AND data->>'pr' = 'R' AND status NOT IN ('DRAFT', 'CANCELLED')`,
  );
  const returned = await aggregate<{ n: string }>(
    tx,
    'PaymentFileLine',
    tenant,
    sql`count(*) AS n`,
    sql<boolean>`data->>'personRegistration' = ${registration} AND status = 'REJECTED'`,
  );
  const contracts = await aggregate<{ total: string | null }>(
    tx,
    'Contract',
    tenant,
    sql`sum(numeric_value(data->>'outstandingPrincipal'))::text AS total`,
    sql<boolean>`${namingPerson(registration)} AND status = 'ACTIVE'`,
  );
  const creditLines = await aggregate<{ total: string | null }>(
    tx,
    'CreditLine',
    tenant,
    sql`sum(numeric_value(data->>'outstanding'))::text AS total`,
    sql<boolean>`${namingPerson(registration)} AND status = 'ACTIVE'`,
  );
  return {
    REGISTRATION_AGE: since ? yearsBetween(since.slice(0, 10), today) : null,
    EXPENDITURE_RATIO:
      income && income > 0 && expenditure !== null
        ? new Dec(expenditure).div(income).times(100).toDecimalPlaces(2).toNumber()
        : null,
    DISPOSABLE_INCOME: income !== null && expenditure !== null ? new Dec(income).minus(expenditure).toNumber() : null,
    OVERDUE_INVOICES: Number(invoices.overdue),
    ARREARS_AMOUNT: new Dec(invoices.arrears ?? 0).toNumber(),
    DUNNED_INVOICES: Number(invoices.dunned),
    RETURNED_DEBITS: Number(returned.n),
    EXPOSURE: new Dec(contracts.total ?? 0).plus(creditLines.total ?? 0).toNumber(),
  };
}
