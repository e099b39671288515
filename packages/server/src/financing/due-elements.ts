/**
 * The contract elements with schedule lines due: what a billing run takes, chunk after chunk, in
 * contract order (from the index on the elements' contract), locked before their lines are read.
 * Financing owns the elements, so their queries are here; billing calls them (financing.module.ts).
 */
import { sql } from 'kysely';
import { contractElement } from '@lbo/model/entities/financing/contract-element.entity';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { RowOf } from '../entities/storage.ts';

const elementKind = contractElement;

export interface DueSelection {
  /** Lines due on or before this day. */
  date: string;
  /** Organization (lessor) registrations; every one when empty. */
  organizations: string[];
  /** Only these contracts (the demo's lived-through ones); every one when absent. */
  contracts?: string[];
}

/** The elements with a PLANNED line due by the date, for the organizations (the payee of receivables, the payer of payables). */
function dueCondition(p: DueSelection) {
  const lines = sql<boolean>`jsonb_path_exists(data->'lines', '$[*] ? (@.status == "PLANNED" && @.dueDate <= $d)', jsonb_build_object('d', ${p.date}::text))`;
  const due = p.contracts
    ? sql<boolean>`data->>'contractRegistration' = ANY(${p.contracts}::text[]) AND ${lines}`
    : lines;
  if (!p.organizations.length) return sql<boolean>`status = 'ACTIVE' AND ${due}`;
  return sql<boolean>`status = 'ACTIVE' AND (CASE WHEN data->>'pr' = 'P' THEN data->>'payerRegistration' ELSE data->>'payeeRegistration' END) = ANY(${p.organizations}::text[]) AND ${due}`;
}

/** How many elements have something to bill (at most `cap`). */
export async function countDueElements(tx: Tx, caller: Caller, p: DueSelection, cap: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.table(elementKind.table)}
    WHERE tenant = ${caller.tenant} AND ${dueCondition(p)} LIMIT ${cap}) due`.execute(tx);
  return Number(rows[0].n);
}

/** The next `limit` contracts after the cursor with an element to bill, walking the elements' contract index. */
export async function nextDueContracts(
  tx: Tx,
  caller: Caller,
  p: DueSelection,
  afterContract: string | undefined,
  limit: number,
): Promise<string[]> {
  const after = afterContract
    ? sql<boolean>`data->>'contractRegistration' > ${afterContract}::text`
    : sql<boolean>`data->>'contractRegistration' IS NOT NULL`;
  const { rows } = await sql<{
    contract: string;
  }>`SELECT DISTINCT data->>'contractRegistration' AS contract FROM ${sql.table(elementKind.table)}
    WHERE tenant = ${caller.tenant} AND ${after} AND ${dueCondition(p)} ORDER BY 1 LIMIT ${limit}`.execute(tx);
  return rows.map((r) => r.contract);
}

/** Their elements with something due, locked; the condition is checked again once each lock is held. */
export async function lockDueElements(
  tx: Tx,
  caller: Caller,
  p: DueSelection,
  contracts: string[],
): Promise<RowOf<typeof contractElement>[]> {
  const { rows } = await sql<
    RowOf<typeof contractElement>
  >`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
    FROM ${sql.table(elementKind.table)} WHERE tenant = ${caller.tenant} AND data->>'contractRegistration' = ANY(${contracts}::text[]) AND ${dueCondition(p)}
    ORDER BY registration FOR UPDATE`.execute(tx);
  return rows;
}
