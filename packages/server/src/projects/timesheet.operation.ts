import { sql } from 'kysely';
import { project as projectKind } from '@lbo/model/entities/support/project.entity';
import { timeEntry as timeEntryKind } from '@lbo/model/entities/support/time-entry.entity';
import { ApiError } from '@lbo/model/errors';
import { Dec, ZERO } from '@lbo/model/finance/decimal';
import { addDays } from '@lbo/model/values/dates';
import type { Tx } from '../db/database.ts';
import { createIn, updateIn, type Caller } from '../entities/crud.operation.ts';
import { insertHistory } from '../entities/history.ts';
import * as storage from '../entities/storage.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { runTransition } from '../workflow/workflow.operation.ts';
import type { RowOf } from '../entities/storage.ts';
import { projectWriteHooks } from './project-hooks.ts';

/**
 * The weekly timesheet of the signed-in user (docs/projects.md): a grid of projects × the 7 days
 * of a week (Monday first). A cell is the user's entry on that project and day without a task
 * (entries with a task are shown in the cell's total but edited one by one). Saving writes the
 * changed cells through the generic write path (its checks, its History); a cleared cell deletes
 * its draft entry. Submitting moves the week's draft entries to SUBMITTED for the approver.
 */
type Entry = RowOf<typeof timeEntryKind>;
const EDITABLE = new Set(['DRAFT', 'REJECTED']);

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const daysOf = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

async function weekEntries(tx: Tx, tenant: string, username: string, monday: string): Promise<Entry[]> {
  return storage.findWhere(
    tx,
    timeEntryKind,
    tenant,
    sql<boolean>`data->>'username' = ${username} AND data->>'entryDate' BETWEEN ${monday} AND ${addDays(monday, 6)}`,
    10_000,
  );
}

export interface TimesheetRow {
  projectRegistration: string;
  projectName: string;
  /** Hours of each day (Monday first), all the user's entries on the project that day; null when none. */
  hours: (number | null)[];
  /** The status of each day's cell: its entries' status when they share one, MIXED otherwise, null when none. */
  statuses: (string | null)[];
}

export interface Timesheet {
  week: string;
  days: string[];
  username: string;
  rows: TimesheetRow[];
  totals: number[];
  total: number;
  /** EMPTY, DRAFT, SUBMITTED, APPROVED, REJECTED, or MIXED. */
  status: string;
}

/** The week holding `day` of `username` (the caller's unless given: a manager reviewing a user's week). */
export async function readTimesheet(
  tx: Tx,
  caller: Caller,
  day: string,
  username = caller.username,
): Promise<Timesheet> {
  const monday = mondayOf(day);
  const days = daysOf(monday);
  const entries = await weekEntries(tx, caller.tenant, username, monday);
  // The projects of the week's entries, then the open projects the user is a member of.
  const members = await storage.findWhere(
    tx,
    projectKind,
    caller.tenant,
    sql<boolean>`data->'members' @> ${JSON.stringify([{ username }])}::jsonb
      AND coalesce(status, '') NOT IN ('COMPLETED', 'CANCELLED')`,
    200,
  );
  const named = await storage.findMany(tx, projectKind, caller.tenant, [
    ...new Set(entries.map((e) => String(e.data.projectRegistration))),
  ]);
  const projects = new Map<string, string>();
  for (const p of [...named, ...members]) projects.set(p.registration, p.name ?? p.registration);
  const rows: TimesheetRow[] = [...projects].map(([projectRegistration, projectName]) => {
    const cells = days.map((d) =>
      entries.filter((e) => e.data.projectRegistration === projectRegistration && e.data.entryDate === d),
    );
    return {
      projectRegistration,
      projectName,
      hours: cells.map((c) =>
        c.length ? c.reduce((s, e) => s.plus(new Dec(String(e.data.hours ?? 0))), ZERO).toNumber() : null,
      ),
      statuses: cells.map((c) => {
        const statuses = [...new Set(c.map((e) => String(e.status)))];
        return statuses.length === 0 ? null : statuses.length === 1 ? statuses[0] : 'MIXED';
      }),
    };
  });
  const totals = days.map((d) =>
    entries
      .filter((e) => e.data.entryDate === d)
      .reduce((s, e) => s.plus(new Dec(String(e.data.hours ?? 0))), ZERO)
      .toNumber(),
  );
  const statuses = [...new Set(entries.map((e) => String(e.status)))];
  return {
    week: monday,
    days,
    username,
    rows,
    totals,
    total: totals.reduce((s, h) => s.plus(h), ZERO).toNumber(),
    status: statuses.length === 0 ? 'EMPTY' : statuses.length === 1 ? statuses[0] : 'MIXED',
  };
}

export interface TimesheetInput {
  week: string;
  rows: { projectRegistration: string; hours: (number | null)[] }[];
}

/**
 * Writes the cells of the caller's week that changed: a new value creates or changes the cell's
 * draft entry, an emptied cell deletes it. A cell whose entry is submitted or approved cannot change.
 */
export async function saveTimesheet(tx: Tx, caller: Caller, input: TimesheetInput): Promise<Timesheet> {
  const monday = mondayOf(input.week);
  const days = daysOf(monday);
  const entries = await weekEntries(tx, caller.tenant, caller.username, monday);
  const hooks = projectWriteHooks.timeEntry;
  for (const [r, row] of input.rows.entries()) {
    if (row.hours.length !== 7)
      throw new ApiError('INVALID_FIELD_VALUE', [String(row.hours.length), `rows[${r}].hours`]);
    for (const [i, day] of days.entries()) {
      const wanted = row.hours[i];
      const cell = entries.filter(
        (e) =>
          e.data.projectRegistration === row.projectRegistration &&
          e.data.entryDate === day &&
          !e.data.taskRegistration,
      );
      const current = cell.reduce((s, e) => s.plus(new Dec(String(e.data.hours ?? 0))), ZERO);
      const empty = wanted === null || wanted === 0;
      if ((empty && cell.length === 0) || (!empty && cell.length === 1 && current.eq(wanted))) continue;
      const locked = cell.find((e) => !EDITABLE.has(String(e.status)));
      if (locked) throw new ApiError('RECORD_FROZEN', [timeEntryKind.name, locked.registration, String(locked.status)]);
      // One entry per cell: the first keeps the cell's hours, any other is folded into it.
      const [first, ...others] = cell;
      for (const other of others) await removeEntry(tx, caller, other);
      if (empty) {
        if (first) await removeEntry(tx, caller, first);
      } else if (first) {
        await updateIn(tx, caller, timeEntryKind, first, { hours: wanted }, { as: 'caller', mode: 'merge', hooks });
      } else {
        await createIn(
          tx,
          caller,
          timeEntryKind,
          {
            name: `${day} ${row.projectRegistration}`,
            username: caller.username,
            projectRegistration: row.projectRegistration,
            entryDate: day,
            hours: wanted,
            type: 'WORK',
          },
          { as: 'caller', hooks },
        );
      }
    }
  }
  return readTimesheet(tx, caller, monday);
}

async function removeEntry(tx: Tx, caller: Caller, row: Entry): Promise<void> {
  const before = storage.toDocument(row);
  await storage.deleteRow(tx, timeEntryKind, caller.tenant, row._id);
  await insertHistory(tx, caller, {
    entityName: timeEntryKind.name,
    entityRegistration: row.registration,
    action: 'DELETE',
    before,
  });
}

/**
 * Submits the caller's week through the entries' workflow: each draft entry takes SUBMIT, each
 * rejected one REOPEN then SUBMIT (the transitions' checks and History rows). A week with nothing
 * to submit is refused naming `week`.
 */
export async function submitTimesheet(tx: Tx, caller: WorkflowCaller, week: string): Promise<Timesheet> {
  const monday = mondayOf(week);
  const entries = await weekEntries(tx, caller.tenant, caller.username, monday);
  const open = entries.filter((e) => e.status === 'DRAFT' || e.status === 'REJECTED');
  if (!open.length) throw new ApiError('INVALID_FIELD_VALUE', [monday, 'week']);
  for (const entry of open) {
    if (entry.status === 'REJECTED') await runTransition(tx, caller, timeEntryKind, entry.registration, 'REOPEN');
    await runTransition(tx, caller, timeEntryKind, entry.registration, 'SUBMIT');
  }
  return readTimesheet(tx, caller, monday);
}

/**
 * A manager's decision on a user's submitted week: APPROVE or REJECT on each of its submitted
 * entries, through their workflow (which asks the approver's permission). Answers how many moved.
 */
export async function reviewTimesheet(
  tx: Tx,
  caller: WorkflowCaller,
  input: { username: string; week: string; decision: 'APPROVE' | 'REJECT' },
): Promise<{ username: string; week: string; decision: string; entries: number }> {
  const monday = mondayOf(input.week);
  const username = input.username.trim().toLowerCase();
  const entries = (await weekEntries(tx, caller.tenant, username, monday)).filter((e) => e.status === 'SUBMITTED');
  if (!entries.length) throw new ApiError('INVALID_FIELD_VALUE', [monday, 'week']);
  for (const entry of entries) await runTransition(tx, caller, timeEntryKind, entry.registration, input.decision);
  return { username, week: monday, decision: input.decision, entries: entries.length };
}
