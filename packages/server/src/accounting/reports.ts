/**
 * The books' reports, read in the caller's transaction:
 * - trial balance: debit, credit and balance per account and currency over months, from `account_balance`
 *   (months, not postings: its cost does not grow with the postings);
 * - general ledger and a client's account statement: postings in date order with a running balance;
 * - aged receivables: open receivable invoices by client and days past due (0, 1–30, 31–60, 61–90, 91–120, over 120).
 * Amounts are summed as decimals in SQL (numeric) or in minor units, never as floats.
 */
import { leftToPay } from '@lbo/model/finance/amounts';
import { sql } from 'kysely';
import { accountingCatalogItem as accountingCatalogItemEntity } from '@lbo/model/entities/accounting/accounting-catalog-item.entity';
import { invoice as invoiceEntity } from '@lbo/model/entities/billing/invoice.entity';
import { posting as postingEntity } from '@lbo/model/entities/accounting/posting.entity';
import { Dec } from '@lbo/model/finance/decimal';
import type { Tx } from '../db/database.ts';
import { lessorChart } from '@lbo/model/finance/chart-of-accounts';

const postingTable = sql.table(postingEntity.table);
const catalogTable = sql.table(accountingCatalogItemEntity.table);
const invoiceTable = sql.table(invoiceEntity.table);
const money = (v: string | number) => new Dec(v).toNumber();

/** Account → label and sub-ledger flag: the tenant's chart (AccountingCatalogItem), else the demo chart. */
export async function chartOf(tx: Tx, tenant: string): Promise<Map<string, { label: string; auxiliary: boolean }>> {
  const chart = new Map(lessorChart.map(([account, label, auxiliary]) => [account, { label, auxiliary: !!auxiliary }]));
  const { rows } = await sql<{
    account: string;
    name: string | null;
    auxiliary: boolean | null;
  }>`SELECT data ->> 'account' AS account, name, (data ->> 'auxiliary')::boolean AS auxiliary
    FROM ${catalogTable} WHERE tenant = ${tenant} AND data ->> 'account' IS NOT NULL`.execute(tx);
  for (const r of rows) chart.set(r.account, { label: r.name ?? r.account, auxiliary: r.auxiliary ?? false });
  return chart;
}

export interface TrialBalanceQuery {
  from?: string;
  to?: string;
  organization?: string;
  currency?: string;
}

export async function trialBalance(tx: Tx, tenant: string, q: TrialBalanceQuery) {
  const { rows } = await sql<{
    account: string;
    currency: string;
    debit: string;
    credit: string;
  }>`SELECT account, currency, sum(debit) AS debit, sum(credit) AS credit
    FROM account_balance WHERE tenant = ${tenant}
      AND month >= ${q.from ?? '0000-00'} AND month <= ${q.to ?? '9999-99'}
      ${q.organization ? sql`AND organization = ${q.organization}` : sql``}
      ${q.currency ? sql`AND currency = ${q.currency}` : sql``}
    GROUP BY account, currency ORDER BY currency, account`.execute(tx);
  const chart = await chartOf(tx, tenant);
  const accounts = rows.map((r) => ({
    account: r.account,
    label: chart.get(r.account)?.label ?? r.account,
    currency: r.currency,
    debit: money(r.debit),
    credit: money(r.credit),
    balance: money(new Dec(r.debit).minus(r.credit).toString()),
  }));
  const totals: Record<string, { debit: number; credit: number; balance: number }> = {};
  for (const r of rows) {
    const t = totals[r.currency] ?? { debit: 0, credit: 0, balance: 0 };
    totals[r.currency] = {
      debit: new Dec(t.debit).plus(r.debit).toNumber(),
      credit: new Dec(t.credit).plus(r.credit).toNumber(),
      balance: new Dec(t.balance).plus(r.debit).minus(r.credit).toNumber(),
    };
  }
  return { from: q.from ?? null, to: q.to ?? null, organization: q.organization ?? null, accounts, totals };
}

export interface LedgerQuery {
  account?: string;
  person?: string;
  from?: string;
  to?: string;
  limit?: number;
}

type LedgerRow = { registration: string; data: Record<string, unknown> };

/** Postings of an account (and/or a person) in date order, each with the balance after it; the opening balance is what came before `from`. */
export async function ledger(tx: Tx, tenant: string, q: LedgerQuery) {
  const where = sql`tenant = ${tenant}
    ${q.account ? sql`AND data ->> 'account' = ${q.account}` : sql``}
    ${q.person ? sql`AND data ->> 'personRegistration' = ${q.person}` : sql``}`;
  const {
    rows: [opening],
  } = await sql<{
    balance: string | null;
  }>`SELECT sum(CASE WHEN data ->> 'dc' = 'D' THEN (data ->> 'amount')::numeric ELSE -(data ->> 'amount')::numeric END) AS balance
    FROM ${postingTable} WHERE ${where} AND data ->> 'date' < ${q.from ?? '0000-00-00'}`.execute(tx);
  const { rows } = await sql<LedgerRow>`SELECT registration, data FROM ${postingTable} WHERE ${where}
    AND data ->> 'date' >= ${q.from ?? '0000-00-00'} AND data ->> 'date' <= ${q.to ?? '9999-99-99'}
    ORDER BY data ->> 'date', registration LIMIT ${q.limit ?? 10_000}`.execute(tx);
  let balance = new Dec(opening?.balance ?? 0);
  const lines = rows.map(({ registration, data }) => {
    const amount = new Dec(Number(data.amount));
    balance = data.dc === 'D' ? balance.plus(amount) : balance.minus(amount);
    return {
      registration,
      date: data.date,
      account: data.account,
      dc: data.dc,
      name: data.name,
      eventType: data.eventType,
      currency: data.currency,
      debit: data.dc === 'D' ? amount.toNumber() : 0,
      credit: data.dc === 'C' ? amount.toNumber() : 0,
      balance: balance.toNumber(),
      postingEventRegistration: data.postingEventRegistration,
      invoiceRegistration: data.invoiceRegistration,
      personRegistration: data.personRegistration,
      contractRegistration: data.contractRegistration,
      documentReference: data.documentReference,
    };
  });
  const label = q.account ? ((await chartOf(tx, tenant)).get(q.account)?.label ?? null) : null;
  return {
    account: q.account ?? null,
    label,
    person: q.person ?? null,
    from: q.from ?? null,
    to: q.to ?? null,
    openingBalance: new Dec(opening?.balance ?? 0).toNumber(),
    closingBalance: balance.toNumber(),
    lines,
  };
}

const buckets = ['current', '1-30', '31-60', '61-90', '91-120', 'over120'] as const;
const bucketOf = (days: number) =>
  days <= 0
    ? 'current'
    : days <= 30
      ? '1-30'
      : days <= 60
        ? '31-60'
        : days <= 90
          ? '61-90'
          : days <= 120
            ? '91-120'
            : 'over120';

/** Open receivable invoices by payer and age on `date` (days past their due date). */
export async function agedReceivables(tx: Tx, tenant: string, date: string) {
  const { rows } = await sql<{
    registration: string;
    data: Record<string, unknown>;
  }>`SELECT registration, data FROM ${invoiceTable}
    WHERE tenant = ${tenant} AND status IN ('ISSUED', 'PARTIALLY_PAID') AND data ->> 'pr' = 'R'`.execute(tx);
  const byPerson = new Map<
    string,
    Record<string, InstanceType<typeof Dec>> & { person: string; name: string; currency: string }
  >();
  const day = Date.parse(`${date}T00:00:00Z`);
  for (const { data } of rows) {
    const payer = (
      (data.persons as { role?: string; personRegistration?: string; name?: string }[] | undefined) ?? []
    ).find((p) => p.role === 'PAYER');
    const person = payer?.personRegistration ?? '';
    const currency = String(data.currency ?? 'EUR');
    const key = `${person}|${currency}`;
    const entry =
      byPerson.get(key) ??
      (Object.assign(Object.fromEntries([...buckets, 'total'].map((b) => [b, new Dec(0)])), {
        person,
        name: payer?.name ?? person,
        currency,
      }) as never);
    const balance = new Dec(leftToPay(data) ?? 0);
    const days = Math.floor((day - Date.parse(`${String(data.dueDate ?? date)}T00:00:00Z`)) / 86_400_000);
    const e = entry as Record<string, InstanceType<typeof Dec>>;
    e[bucketOf(days)] = e[bucketOf(days)].plus(balance);
    e.total = e.total.plus(balance);
    byPerson.set(key, entry);
  }
  const clients = [...byPerson.values()]
    .map((e) => ({
      person: e.person,
      name: e.name,
      currency: e.currency,
      ...Object.fromEntries(
        [...buckets, 'total'].map((b) => [b, (e as unknown as Record<string, InstanceType<typeof Dec>>)[b].toNumber()]),
      ),
    }))
    .sort((a, b) => a.person.localeCompare(b.person));
  const totals: Record<string, Record<string, number>> = {};
  for (const e of byPerson.values()) {
    const sums = totals[e.currency] ?? Object.fromEntries([...buckets, 'total'].map((b) => [b, 0]));
    for (const b of [...buckets, 'total'])
      sums[b] = new Dec(sums[b]).plus((e as unknown as Record<string, InstanceType<typeof Dec>>)[b]).toNumber();
    totals[e.currency] = sums;
  }
  return { date, buckets, clients, totals };
}
