/**
 * Lessor accounting (IFRS 16 / French practice) from the stored schedules:
 * - a finance lease is carried as a net investment (274000) whose interest income is accrued
 *   month by month by the effective-interest method: each schedule line's interest (computed on
 *   the opening balance at the lease's rate, contract-schedule.ts) accrues over the days of its
 *   period (from the previous due date, or the start, to its due date), so a month takes the
 *   interest of the days it holds; the monthly accruals of a line add up to its interest exactly;
 * - an operating lease keeps its asset, depreciated by its depreciation schedule (each fiscal
 *   year's depreciation spread over its days the same way), and its rental income is recognised
 *   straight-line over the term: the rents' total spread over the term's days. Its invoices put
 *   the rents billed into deferred income (demo rules: 487000) and the month-end moves the
 *   month's share into income (RENTAL_INCOME: 487000 → 706000), so rents billed in advance or in
 *   arrears, or a free first month, give the same income each month; the account holds the
 *   difference between rents billed and income earned.
 * Which one a contract is comes from its product (posting-rules.ts `leaseKindOf`).
 * The month-end job INTEREST_ACCRUAL posts, for a month, INTEREST_ACCRUAL of every active
 * finance lease, RENTAL_INCOME of every active operating lease and DEPRECIATION of every active
 * depreciation schedule, each once (a cron runs it on the 1st for the month just ended, jobs/crons.ts).
 * At a termination, the net investment still carried (`netInvestmentOf`) leaves the books.
 */
import { sql } from 'kysely';
import { contract as contractEntity } from '@lbo/model/entities/financing/contract.entity';
import { contractElement as contractElementEntity } from '@lbo/model/entities/financing/contract-element.entity';
import { depreciationSchedule as depreciationScheduleEntity } from '@lbo/model/entities/asset/depreciation-schedule.entity';
import { postingEvent as postingEventEntity } from '@lbo/model/entities/accounting/posting-event.entity';
import { Dec } from '@lbo/model/finance/decimal';
import { currencyDecimals } from '@lbo/model/values/currencies';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import type { BatchRunner } from '../jobs/job-queue.ts';
import { postingContextOf, recordPostingEvents, type BusinessEvent } from './posting-engine.ts';
import { leaseKindOf, type EventType } from './posting-rules.ts';

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
/** The first day of the month after `month` (YYYY-MM), as a day number. */
function monthBounds(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number);
  return [Math.round(Date.UTC(y, m - 1, 1) / DAY), Math.round(Date.UTC(y, m, 1) / DAY)];
}

/** An amount (minor units) earned evenly over the days [start, end). */
export interface Spread {
  start: string;
  end: string;
  minor: number;
}

/**
 * What of each spread falls in `month`, in minor units: the amount earned by the end of the month
 * less the amount earned by its start, each rounded half up, so the months of a spread add up to it.
 * A spread of no days is earned on its end day.
 */
export function earnedIn(spreads: Spread[], month: string): number {
  const [from, to] = monthBounds(month);
  let total = 0;
  for (const { start, end, minor } of spreads) {
    const s = dayNumber(start),
      e = dayNumber(end);
    const earnedBy = (day: number) => {
      if (e <= s) return day > e ? minor : 0;
      const days = Math.min(Math.max(day - s, 0), e - s);
      return new Dec(minor)
        .times(days)
        .dividedBy(e - s)
        .toDecimalPlaces(0, Dec.ROUND_HALF_UP)
        .toNumber();
    };
    total += earnedBy(to) - earnedBy(from);
  }
  return total;
}

type ScheduleLine = { dueDate?: string; interest?: number; amountExclTax?: number };

/** A finance lease's interest spreads: each line's interest over the days since the previous due date (the start for the first). */
export function interestSpreads(startDate: string, lines: ScheduleLine[], decimals: number): Spread[] {
  const sorted = lines.filter((l) => l.dueDate).sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate)));
  let previous = startDate;
  return sorted.map((l) => {
    const spread = {
      start: previous < String(l.dueDate) ? previous : String(l.dueDate),
      end: String(l.dueDate),
      minor: new Dec(l.interest ?? 0)
        .times(10 ** decimals)
        .round()
        .toNumber(),
    };
    previous = String(l.dueDate);
    return spread;
  });
}

/** An operating lease's rental income: the rents' total spread evenly over the term [start, end). */
export function rentalIncomeSpread(
  startDate: string,
  endDate: string,
  lines: ScheduleLine[],
  decimals: number,
): Spread {
  const minor = lines.reduce(
    (s, l) =>
      s +
      new Dec(l.amountExclTax ?? 0)
        .times(10 ** decimals)
        .round()
        .toNumber(),
    0,
  );
  return { start: startDate, end: endDate, minor };
}

/** A depreciation schedule's fiscal-year lines spread over their days (each line's end date included). */
export function depreciationSpreads(
  lines: { startDate?: string; endDate?: string; depreciation?: number }[],
  decimals: number,
): Spread[] {
  return lines
    .filter((l) => l.startDate && l.endDate)
    .map((l) => ({
      start: String(l.startDate),
      end: new Date((dayNumber(String(l.endDate)) + 1) * DAY).toISOString().slice(0, 10),
      minor: new Dec(l.depreciation ?? 0)
        .times(10 ** decimals)
        .round()
        .toNumber(),
    }));
}

const contractTable = sql.table(contractEntity.table);
const elementTable = sql.table(contractElementEntity.table);
const scheduleTable = sql.table(depreciationScheduleEntity.table);
const eventTable = sql.table(postingEventEntity.table);
const personWith = (doc: Doc, role: string) =>
  ((doc.persons as { role?: string; personRegistration?: string }[] | undefined) ?? []).find((p) => p.role === role)
    ?.personRegistration;
const lastDay = (month: string) => new Date((monthBounds(month)[1] - 1) * DAY).toISOString().slice(0, 10);

/** Sources already posted for the month (a job resumed posts nothing twice). */
async function postedSources(tx: Tx, tenant: string, sources: string[]): Promise<Set<string>> {
  if (!sources.length) return new Set();
  const { rows } = await sql<{ source: string }>`SELECT data ->> 'sourceRegistration' AS source FROM ${eventTable}
    WHERE tenant = ${tenant} AND data ->> 'sourceRegistration' = ANY(${sources}::text[])`.execute(tx);
  return new Set(rows.map((r) => r.source));
}

const CHUNK = 200;

/** One chunk of the month-end: finance leases after `cursor`, then depreciation schedules. */
export async function accrueChunk(
  tx: Tx,
  caller: Caller,
  month: string,
  cursor: { kind: 'contracts' | 'schedules'; after: string },
) {
  const events: BusinessEvent[] = [];
  const date = lastDay(month);
  let next: typeof cursor | null;
  if (cursor.kind === 'contracts') {
    const { rows } = await sql<{ registration: string; data: Doc }>`SELECT registration, data FROM ${contractTable}
      WHERE tenant = ${caller.tenant} AND status = 'ACTIVE' AND registration > ${cursor.after} ORDER BY registration LIMIT ${CHUNK}`.execute(
      tx,
    );
    const leases = rows.filter((r) => leaseKindOf(r.data.financialProduct) && r.data.startDate);
    const { rows: elements } = leases.length
      ? await sql<{
          contract: string;
          type: string | null;
          data: Doc;
        }>`SELECT data ->> 'contractRegistration' AS contract, type, data FROM ${elementTable}
      WHERE tenant = ${caller.tenant} AND data ->> 'contractRegistration' = ANY(${leases.map((r) => r.registration)}::text[])`.execute(
          tx,
        )
      : { rows: [] };
    const done = await postedSources(
      tx,
      caller.tenant,
      leases.map((r) => `${r.registration}@${month}`),
    );
    for (const contract of leases) {
      if (done.has(`${contract.registration}@${month}`)) continue;
      const currency = String(contract.data.currency ?? 'EUR');
      const decimals = currencyDecimals(currency);
      /** The lease's event of the month, once per contract and month (its source names both). */
      const leaseEvent = (eventType: EventType, amounts: Record<string, number>, name: string): BusinessEvent => ({
        eventType,
        date,
        currency,
        amounts,
        name,
        financialProduct: String(contract.data.financialProduct),
        documentReference: contract.registration,
        sourceEntity: 'Contract',
        sourceRegistration: `${contract.registration}@${month}`,
        contractRegistration: contract.registration,
        organizationRegistration: personWith(contract.data, 'ORGANIZATION'),
        personRegistration: personWith(contract.data, 'CLIENT'),
      });
      if (leaseKindOf(contract.data.financialProduct) === 'OPERATING') {
        // The rents of its periodic element, spread over the term.
        const rents = elements
          .filter((e) => e.contract === contract.registration && (e.type === 'RENT' || e.type === 'INSTALMENT'))
          .flatMap((e) => (e.data.lines as ScheduleLine[] | undefined) ?? []);
        const end = typeof contract.data.endDate === 'string' ? contract.data.endDate : String(contract.data.startDate);
        const minor = earnedIn([rentalIncomeSpread(String(contract.data.startDate), end, rents, decimals)], month);
        if (!minor) continue;
        events.push(
          leaseEvent(
            'RENTAL_INCOME',
            { income: minor / 10 ** decimals },
            `Rental income ${month} of ${contract.registration}`,
          ),
        );
        continue;
      }
      const lines = elements
        .filter((e) => e.contract === contract.registration)
        .flatMap((e) => (e.data.lines as ScheduleLine[] | undefined) ?? [])
        .filter((l) => (l.interest ?? 0) !== 0);
      const minor = earnedIn(interestSpreads(String(contract.data.startDate), lines, decimals), month);
      if (!minor) continue;
      events.push(
        leaseEvent(
          'INTEREST_ACCRUAL',
          { interest: minor / 10 ** decimals },
          `Interest ${month} of ${contract.registration}`,
        ),
      );
    }
    next =
      rows.length < CHUNK ? { kind: 'schedules', after: '' } : { kind: 'contracts', after: rows.at(-1)!.registration };
  } else {
    const { rows } = await sql<{ registration: string; data: Doc }>`SELECT registration, data FROM ${scheduleTable}
      WHERE tenant = ${caller.tenant} AND status = 'ACTIVE' AND registration > ${cursor.after} ORDER BY registration LIMIT ${CHUNK}`.execute(
      tx,
    );
    const done = await postedSources(
      tx,
      caller.tenant,
      rows.map((r) => `${r.registration}@${month}`),
    );
    for (const schedule of rows) {
      if (done.has(`${schedule.registration}@${month}`)) continue;
      const currency = String(schedule.data.currency ?? 'EUR');
      const decimals = currencyDecimals(currency);
      const minor = earnedIn(depreciationSpreads((schedule.data.lines as never[]) ?? [], decimals), month);
      if (!minor) continue;
      events.push({
        eventType: 'DEPRECIATION',
        date,
        currency,
        amounts: { depreciation: minor / 10 ** decimals },
        name: `Depreciation ${month} of ${String(schedule.data.assetRegistration)}`,
        documentReference: schedule.registration,
        sourceEntity: 'DepreciationSchedule',
        sourceRegistration: `${schedule.registration}@${month}`,
        assetRegistration: String(schedule.data.assetRegistration),
        organizationRegistration: (schedule.data.orgaRegistration as string | undefined) ?? undefined,
      });
    }
    next = rows.length < CHUNK ? null : { kind: 'schedules', after: rows.at(-1)!.registration };
  }
  const written = events.length
    ? await recordPostingEvents(tx, caller, events, await postingContextOf(tx, caller.tenant))
    : [];
  return { posted: written.length, next };
}

/** How each event moves a finance lease's net investment: the amount it names and its sign (a reversal counts the other way). */
const netInvestmentMoves: Partial<Record<EventType, [string, 1 | -1]>> = {
  CONTRACT_ACTIVATION: ['financedAmount', 1],
  INTEREST_ACCRUAL: ['interest', 1],
  INVOICE_ISSUED: ['rent', -1],
  CREDIT_NOTE: ['rent', 1],
  TERMINATION: ['outstanding', -1],
};

/**
 * A finance lease's net investment still carried, in minor units, from its posted events (not
 * from an account, so that it holds whatever chart the tenant's rules use): the financed amount,
 * plus interest accrued, less rents billed, credit notes back, less what a termination took out.
 */
export async function netInvestmentOf(
  tx: Tx,
  tenant: string,
  contractRegistration: string,
  currency: string,
): Promise<number> {
  const { rows } = await sql<{
    type: EventType;
    reversal: boolean;
    amounts: Record<string, number> | null;
  }>`SELECT data ->> 'eventType' AS type,
    (data ->> 'reversedEventRegistration') IS NOT NULL AS reversal, data -> 'amounts' AS amounts FROM ${eventTable}
    WHERE tenant = ${tenant} AND data ->> 'contractRegistration' = ${contractRegistration} AND status = 'PROCESSED' AND COALESCE(data ->> 'pr', 'R') = 'R'`.execute(
    tx,
  );
  const scale = new Dec(10).pow(currencyDecimals(currency));
  let total = new Dec(0);
  for (const row of rows) {
    const move = netInvestmentMoves[row.type];
    if (!move) continue;
    total = total.plus(new Dec(row.amounts?.[move[0]] ?? 0).times(move[1] * (row.reversal ? -1 : 1)));
  }
  return total.times(scale).round().toNumber();
}

/** The month-end job (batch type INTEREST_ACCRUAL, parameters `{ month }`): a cron runs it for the month that just ended. */
export const accrualRunner = (): BatchRunner => ({
  plan: async (_tx, _caller, parameters, day) => {
    const previous = new Date(Date.parse(`${day.slice(0, 7)}-01T00:00:00Z`) - DAY).toISOString().slice(0, 7);
    const month = typeof parameters.month === 'string' ? parameters.month : previous;
    return { name: `Interest accrual and depreciation ${month}`, parameters: { month }, total: 0 };
  },
  chunk: async (tx, caller, batch, cursor) => {
    const { month } = (batch.data.parameters ?? {}) as { month: string };
    const at = (cursor ?? { kind: 'contracts', after: '' }) as { kind: 'contracts' | 'schedules'; after: string };
    const { posted, next } = await accrueChunk(tx, caller, month, at);
    return { done: posted, cursor: next, finished: next === null, message: `${posted} event(s) posted for ${month}` };
  },
});
