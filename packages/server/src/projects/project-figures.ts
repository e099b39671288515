import { sql } from 'kysely';
import { budget as budgetKind } from '@lbo/model/entities/support/budget.entity';
import { project as projectKind } from '@lbo/model/entities/support/project.entity';
import { timeEntry as timeEntryKind } from '@lbo/model/entities/support/time-entry.entity';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import { Dec, ZERO } from '@lbo/model/finance/decimal';
import type { Decimal } from 'decimal.js';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';

/**
 * What a project and a budget add up to (docs/projects.md): a project's hours by status and by
 * user, its tasks and milestones; a budget's lines with their actuals read from the books'
 * postings (a read-only query on the posting table, as the accounting module writes it) and
 * their variances. Amounts in decimals.
 */
const postingKind = entityByName('Posting')!;
const taskKind = entityByName('Task')!;

const decimal = (v: unknown) => new Dec(v === undefined || v === null || v === '' ? 0 : String(v));

export type ProjectSummary = {
  registration: string;
  name: string;
  hours: { approved: number; submitted: number; draft: number; rejected: number };
  approvedByUser: { username: string; hours: number }[];
  tasks: { total: number; done: number; open: number };
  milestones: { total: number; done: number; next: { name: string; dueDate: string | null } | null };
};

export async function projectSummary(tx: Tx, tenant: string, id: string): Promise<ProjectSummary> {
  const project = await storage.findOne(tx, projectKind, tenant, id);
  if (!project) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [projectKind.name, id]);
  const entries = await storage.findByField(
    tx,
    timeEntryKind,
    tenant,
    'projectRegistration',
    project.registration,
    100_000,
  );
  const byStatus: Record<string, Decimal> = { APPROVED: ZERO, SUBMITTED: ZERO, DRAFT: ZERO, REJECTED: ZERO };
  const byUser = new Map<string, Decimal>();
  for (const e of entries) {
    const hours = decimal(e.data.hours);
    // Invoiced hours were approved first.
    const status = e.status === 'INVOICED' ? 'APPROVED' : String(e.status);
    if (byStatus[status] !== undefined) byStatus[status] = byStatus[status].plus(hours);
    if (status === 'APPROVED') {
      const user = String(e.data.username ?? '');
      byUser.set(user, (byUser.get(user) ?? ZERO).plus(hours));
    }
  }
  const tasks = await storage.findByField(tx, taskKind, tenant, 'projectRegistration', project.registration, 10_000);
  const done = tasks.filter((t) => t.status === 'DONE').length;
  const closed = tasks.filter((t) => t.status === 'DONE' || t.status === 'CANCELLED').length;
  const milestones = (project.data.milestones ?? []) as { name: string; dueDate?: string; done?: boolean }[];
  const next = milestones
    .filter((m) => !m.done)
    .sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'))[0];
  return {
    registration: project.registration,
    name: project.name ?? '',
    hours: {
      approved: byStatus.APPROVED.toNumber(),
      submitted: byStatus.SUBMITTED.toNumber(),
      draft: byStatus.DRAFT.toNumber(),
      rejected: byStatus.REJECTED.toNumber(),
    },
    approvedByUser: [...byUser].map(([username, hours]) => ({ username, hours: hours.toNumber() })),
    tasks: { total: tasks.length, done, open: tasks.length - closed },
    milestones: {
      total: milestones.length,
      done: milestones.filter((m) => m.done).length,
      next: next ? { name: next.name, dueDate: next.dueDate ?? null } : null,
    },
  };
}

export interface BudgetLineFigures {
  accountNumber: string;
  label: string | null;
  budgeted: number;
  committed: number;
  actual: number;
  /** budgeted − actual */
  variance: number;
  /** budgeted − committed − actual */
  available: number;
}

/**
 * The net debit (debits − credits) of the postings on `account` and its sub-accounts dated in
 * [from, to], of `organization` and in `currency` when given: an expense account's actual spending.
 */
async function postedOn(
  tx: Tx,
  tenant: string,
  account: string,
  { from, to, organization, currency }: { from?: string; to?: string; organization?: string; currency?: string },
): Promise<Decimal> {
  const prefix = `${account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<{ total: string | null }>`
    SELECT sum(CASE WHEN data->>'dc' = 'C' THEN -(data->>'amount')::numeric ELSE (data->>'amount')::numeric END)::text AS total
    FROM ${sql.table(postingKind.table)}
    WHERE tenant = ${tenant} AND data->>'account' LIKE ${prefix}
      AND (${from ?? null}::text IS NULL OR data->>'date' >= ${from ?? null})
      AND (${to ?? null}::text IS NULL OR data->>'date' <= ${to ?? null})
      AND (${organization ?? null}::text IS NULL OR data->>'organizationRegistration' = ${organization ?? null})
      AND (${currency ?? null}::text IS NULL OR data->>'currency' = ${currency ?? null})`.execute(tx);
  return decimal(rows[0]?.total);
}

export async function budgetActuals(tx: Tx, tenant: string, id: string) {
  const budget = await storage.findOne(tx, budgetKind, tenant, id);
  if (!budget) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [budgetKind.name, id]);
  const d = budget.data as Record<string, unknown>;
  const scope = {
    from: d.startDate as string | undefined,
    to: d.endDate as string | undefined,
    organization: d.orgaRegistration as string | undefined,
    currency: d.currency as string | undefined,
  };
  const totals = { budgeted: ZERO, committed: ZERO, actual: ZERO };
  const lines: BudgetLineFigures[] = [];
  for (const line of (d.lines ?? []) as {
    accountNumber: string;
    label?: string;
    budgeted?: number;
    committed?: number;
  }[]) {
    const budgeted = decimal(line.budgeted);
    const committed = decimal(line.committed);
    const actual = await postedOn(tx, tenant, String(line.accountNumber), scope);
    totals.budgeted = totals.budgeted.plus(budgeted);
    totals.committed = totals.committed.plus(committed);
    totals.actual = totals.actual.plus(actual);
    lines.push({
      accountNumber: line.accountNumber,
      label: line.label ?? null,
      budgeted: budgeted.toNumber(),
      committed: committed.toNumber(),
      actual: actual.toNumber(),
      variance: budgeted.minus(actual).toNumber(),
      available: budgeted.minus(committed).minus(actual).toNumber(),
    });
  }
  return {
    registration: budget.registration,
    name: budget.name ?? '',
    projectRegistration: (d.projectRegistration as string | undefined) ?? null,
    orgaRegistration: scope.organization ?? null,
    startDate: scope.from ?? null,
    endDate: scope.to ?? null,
    currency: scope.currency ?? null,
    lines,
    totals: {
      budgeted: totals.budgeted.toNumber(),
      committed: totals.committed.toNumber(),
      actual: totals.actual.toNumber(),
      variance: totals.budgeted.minus(totals.actual).toNumber(),
      available: totals.budgeted.minus(totals.committed).minus(totals.actual).toNumber(),
    },
  };
}
