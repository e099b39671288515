/**
 * A lot of running contracts ceded to a fund (spec 001 §3 Contract lot). Its `contracts[]` (and
 * its single `contractRegistration`, as older lots name one) must be ACTIVE and ceded in no other
 * lot. On SUBMIT and on TRANSFER (the cession) the lot's `totalAmount` is the sum, in minor units,
 * of its contracts' outstanding principal as it stands, each kept on its item. The cession stamps
 * `cessionDate` (unless given) and records one Funding per contract: the fund, the lot, the
 * contract, the amount ceded, the lot's rate, from the cession date, DISBURSED; the fund's
 * `outstanding` grows by the lot's total and its `available` follows its `creditLimit`.
 */
import { contract as contractKind } from '@lbo/model/entities/financing/contract.entity';
import { fund as fundKind } from '@lbo/model/entities/financing/fund.entity';
import { funding as fundingKind } from '@lbo/model/entities/financing/funding.entity';
import { sql } from 'kysely';
import { fromMinorUnits, toMinorUnits } from '@lbo/model/finance/contract-schedule';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { SideEffectContext } from '../workflow/side-effects.ts';
import { decimalsOf } from '@lbo/model/finance/amounts';
import { refusal } from './transition-refusal.ts';
import { createIn, updateIn } from '../entities/crud.operation.ts';

type LotContract = { contractRegistration?: unknown; outstandingPrincipal?: number };

/** Fundings that keep a contract ceded (a lot cancelled or rejected never created any). */
const cededStatuses = ['DRAFT', 'SUBMITTED', 'APPROVED', 'DISBURSED'];

/** The registrations of a lot's contracts, each once, in the order given. */
export const lotContracts = (doc: Doc): string[] => [
  ...new Set(
    [
      ...((doc.contracts as LotContract[] | undefined) ?? []).map((c) => c?.contractRegistration),
      doc.contractRegistration,
    ].filter((r): r is string => typeof r === 'string' && r !== ''),
  ),
];

export async function cedeContractLot(context: SideEffectContext): Promise<Doc> {
  const { doc, tx, caller, transition, today } = context;
  const registrations = lotContracts(doc);
  if (!registrations.length)
    throw refusal(context, 'INCONSISTENT', 'The lot needs contracts (contracts[].contractRegistration)', {
      missing: ['contracts'],
    });
  // Locked in one order, so that two lots ceding one contract wait for each other.
  const rows = new Map<string, storage.Row>();
  for (const registration of [...registrations].sort()) {
    const row = await storage.findOne(tx, contractKind, caller.tenant, registration, true);
    if (row) rows.set(registration, row);
  }
  const ceded = await storage.findWhere(
    tx,
    fundingKind,
    caller.tenant,
    sql<boolean>`data->>'contractRegistration' = ANY(${registrations}::text[])
    AND coalesce(data->>'contractLotRegistration', '') <> ${String(doc.registration)} AND status = ANY(${cededStatuses}::text[])`,
  );
  const problems: string[] = [];
  for (const registration of registrations) {
    const row = rows.get(registration);
    const elsewhere = ceded.find((f) => f.data.contractRegistration === registration);
    if (!row) problems.push(`${registration} (not found)`);
    else if (row.status !== 'ACTIVE') problems.push(`${registration} (${row.status}, not ACTIVE)`);
    else if (elsewhere)
      problems.push(
        `${registration} (already ceded by ${String(elsewhere.data.contractLotRegistration ?? elsewhere.registration)})`,
      );
  }
  if (problems.length) {
    throw refusal(context, 'INCONSISTENT', `The lot cannot be ceded: ${problems.join(', ')}`, { missing: problems });
  }
  const currency =
    typeof doc.currency === 'string' && doc.currency
      ? doc.currency
      : String(rows.get(registrations[0])!.data.currency ?? 'EUR');
  const decimals = decimalsOf(currency);
  let total = 0;
  const contracts = registrations.map((registration) => {
    const outstanding = toMinorUnits(Number(rows.get(registration)!.data.outstandingPrincipal ?? 0), decimals);
    total += outstanding;
    return { contractRegistration: registration, outstandingPrincipal: fromMinorUnits(outstanding, decimals) };
  });
  const priced: Doc = { ...doc, contracts, totalAmount: fromMinorUnits(total, decimals), currency };
  if (transition.to !== 'TRANSFERRED') return priced;
  const fund =
    typeof doc.fundRegistration === 'string' && doc.fundRegistration
      ? await storage.findOne(tx, fundKind, caller.tenant, doc.fundRegistration, true)
      : undefined;
  if (!fund)
    throw refusal(
      context,
      'INCONSISTENT',
      `The lot cannot be ceded: it needs a fund (fundRegistration${doc.fundRegistration ? ` ${String(doc.fundRegistration)} not found` : ''})`,
      { missing: ['fundRegistration'] },
    );
  const cessionDate = typeof doc.cessionDate === 'string' && doc.cessionDate ? doc.cessionDate : today;
  for (const c of contracts) {
    await createIn(tx, caller, fundingKind, {
      name: `${String(doc.name ?? doc.registration)} — ${c.contractRegistration}`,
      status: 'DISBURSED',
      contractRegistration: c.contractRegistration,
      contractLotRegistration: String(doc.registration),
      fundRegistration: doc.fundRegistration as string,
      amount: c.outstandingPrincipal,
      currency,
      rate: doc.rate as number | undefined,
      startDate: cessionDate,
    });
  }
  // The fund's outstanding grows by what it bought; its available follows its limit.
  const fundDecimals = decimalsOf(fund.data.currency ?? currency);
  const outstanding =
    toMinorUnits(Number(fund.data.outstanding ?? 0), fundDecimals) +
    toMinorUnits(fromMinorUnits(total, decimals), fundDecimals);
  await updateIn(
    tx,
    caller,
    fundKind,
    fund,
    {
      ...fund.data,
      status: fund.status ?? undefined,
      outstanding: fromMinorUnits(outstanding, fundDecimals),
      ...(typeof fund.data.creditLimit === 'number'
        ? { available: fromMinorUnits(toMinorUnits(fund.data.creditLimit, fundDecimals) - outstanding, fundDecimals) }
        : {}),
    },
    {
      action: 'CESSION',
      history: { details: { contractLotRegistration: doc.registration, amount: fromMinorUnits(total, decimals) } },
    },
  );
  return { ...priced, cessionDate };
}
