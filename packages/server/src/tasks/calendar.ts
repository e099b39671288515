import { sql } from 'kysely';
import type { CalendarEvent, CalendarInfo } from '@lbo/model/calendar';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { task as taskKind } from '@lbo/model/entities/core/task.entity';
import { referenceLists } from '@lbo/model/reference-lists';
import { addDays, zonedMidnight, zoneOffsetMinutes } from '@lbo/model/values/dates';
import type { Tx } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';

/**
 * The calendars of `/calendar` and of the iCalendar feed (docs/tasks.md "Calendar"): per user and
 * per team (profile) the tasks by due date, the committee meetings, the contracts' events (end of
 * term, indexation anniversaries, the residual-value option's notice), the payment files'
 * collection dates and the month ends. Days stay days (all-day events); instants are written in
 * the reader's time zone.
 */

/** Who looks: their name, profiles and which kinds they may read. */
export interface CalendarReader {
  tenant: string;
  username: string;
  profiles: string[];
  timeZone: string;
  canRead(kind: Entity): boolean;
}

const colors = {
  mine: '#1677ff',
  team: '#13c2c2',
  user: '#2f54eb',
  committees: '#722ed1',
  contracts: '#fa8c16',
  collections: '#52c41a',
  monthEnds: '#8c8c8c',
  overdue: '#f5222d',
};

const kinds = {
  committee: entityByName('Committee')!,
  contract: entityByName('Contract')!,
  paymentFile: entityByName('PaymentFile')!,
};

/** The calendars a reader may show. */
export function calendarsOf(reader: CalendarReader): CalendarInfo[] {
  const list: CalendarInfo[] = [
    { name: 'mine', label: 'My tasks', color: colors.mine, kind: 'TASKS' },
    ...(referenceLists.profile ?? []).map(
      (p): CalendarInfo => ({
        name: `team:${p.value}`,
        label: `Team ${p.label.en}`,
        color: colors.team,
        kind: 'TASKS',
      }),
    ),
  ];
  if (reader.canRead(kinds.committee))
    list.push({ name: 'committees', label: 'Committees', color: colors.committees, kind: 'COMMITTEES' });
  if (reader.canRead(kinds.contract))
    list.push({ name: 'contracts', label: 'Contract events', color: colors.contracts, kind: 'CONTRACTS' });
  if (reader.canRead(kinds.paymentFile))
    list.push({ name: 'collections', label: 'Collection dates', color: colors.collections, kind: 'COLLECTIONS' });
  list.push({ name: 'month-ends', label: 'Month ends', color: colors.monthEnds, kind: 'MONTH_ENDS' });
  return list;
}

/** An instant written in `timeZone` with its offset: `2025-06-12T10:00:00+02:00`. */
export function localInstant(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Whether a name is one of the reader's calendars (`user:{x}` for any user). */
export function knownCalendar(reader: CalendarReader, name: string): boolean {
  return /^user:[^\s]{1,200}$/.test(name) || calendarsOf(reader).some((c) => c.name === name);
}

const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined);

async function taskEvents(tx: Tx, reader: CalendarReader, names: string[], from: string, to: string, today: string) {
  const teams = names.filter((n) => n.startsWith('team:')).map((n) => n.slice(5));
  const users = names.filter((n) => n.startsWith('user:')).map((n) => n.slice(5));
  const mine = names.includes('mine');
  if (!mine && !teams.length && !users.length) return [];
  const rows = await storage.findWhere(
    tx,
    taskKind,
    reader.tenant,
    sql<boolean>`data->>'dueDate' >= ${from} AND data->>'dueDate' <= ${to} AND status <> 'CANCELLED'`,
    5000,
  );
  const events: CalendarEvent[] = [];
  for (const row of rows) {
    const owner = row.data.ownerUsername;
    const profiles = (row.data.profiles as string[] | undefined) ?? [];
    const calendar =
      mine && (owner === reader.username || profiles.some((p) => reader.profiles.includes(p)))
        ? 'mine'
        : users.includes(String(owner))
          ? `user:${owner}`
          : profiles.find((p) => teams.includes(p)) !== undefined
            ? `team:${profiles.find((p) => teams.includes(p))}`
            : undefined;
    if (!calendar) continue;
    const due = String(row.data.dueDate);
    const open = row.status !== 'DONE';
    const overdue = open && due < today;
    events.push({
      id: `task:${row.registration}`,
      calendar,
      type: 'TASK',
      title: String(row.data.subject ?? row.name ?? row.registration),
      start: due,
      allDay: true,
      color: overdue
        ? colors.overdue
        : calendar === 'mine'
          ? colors.mine
          : calendar.startsWith('user:')
            ? colors.user
            : colors.team,
      link: `/task/${row.registration}`,
      entityName: taskKind.name,
      registration: row.registration,
      editable: open,
      version: row._version,
      overdue,
      status: row.status ?? undefined,
    });
  }
  return events;
}

async function committeeEvents(tx: Tx, reader: CalendarReader, from: string, to: string) {
  const start = zonedMidnight(from, reader.timeZone).toISOString();
  const end = zonedMidnight(addDays(to, 1), reader.timeZone).toISOString();
  const rows = await storage.findWhere(
    tx,
    kinds.committee,
    reader.tenant,
    sql<boolean>`data->>'startDate' IS NOT NULL AND (data->>'startDate')::timestamptz < ${end}::timestamptz
      AND coalesce(data->>'endDate', data->>'startDate')::timestamptz >= ${start}::timestamptz AND coalesce(status, '') <> 'CANCELLED'`,
    2000,
  );
  return rows.map(
    (row): CalendarEvent => ({
      id: `committee:${row.registration}`,
      calendar: 'committees',
      type: 'COMMITTEE',
      title: String(row.data.subject ?? row.name ?? row.registration),
      start: localInstant(new Date(String(row.data.startDate)), reader.timeZone),
      ...(row.data.endDate ? { end: localInstant(new Date(String(row.data.endDate)), reader.timeZone) } : {}),
      allDay: false,
      color: colors.committees,
      link: `/${kinds.committee.clientRoute}/${row.registration}`,
      entityName: kinds.committee.name,
      registration: row.registration,
      editable: false,
      status: row.status ?? undefined,
    }),
  );
}

/** The anniversaries of `start` strictly after it and up to `end`, between `from` and `to`. */
function anniversaries(start: string, end: string | undefined, from: string, to: string): string[] {
  const out: string[] = [];
  const [, m, d] = start.split('-');
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const date = `${year}-${m}-${m === '02' && d === '29' ? '28' : d}`;
    if (date > start && date >= from && date <= to && (!end || date <= end)) out.push(date);
  }
  return out;
}

async function contractEvents(tx: Tx, reader: CalendarReader, from: string, to: string) {
  const kind = kinds.contract;
  const noticeTo = addDays(to, 90);
  const rows = await storage.findWhere(
    tx,
    kind,
    reader.tenant,
    sql<boolean>`status IN ('APPROVED', 'ACTIVE') AND data->>'startDate' IS NOT NULL AND (
      (data->>'endDate' >= ${from} AND data->>'endDate' <= ${noticeTo})
      OR data->'quotations' @> '[{"indexed": true}]'::jsonb OR (data->>'indexed')::boolean)`,
    5000,
  );
  const events: CalendarEvent[] = [];
  for (const row of rows) {
    const link = `/${kind.clientRoute}/${row.registration}`;
    const base = { entityName: kind.name, registration: row.registration, link, calendar: 'contracts', allDay: true };
    const end = day(row.data.endDate);
    const start = day(row.data.startDate)!;
    const name = row.name ? ` ${row.name}` : '';
    if (end && end >= from && end <= to)
      events.push({
        ...base,
        id: `contract-end:${row.registration}`,
        type: 'CONTRACT_END',
        title: `End of term: ${row.registration}${name}`,
        detail: `${row.registration}${name}`,
        start: end,
        color: colors.contracts,
        editable: false,
      });
    const quotations = (row.data.quotations as Doc[] | undefined) ?? [];
    const chosen = quotations.find((q) => q.isChosen) ?? quotations[0];
    if (end && row.data.endOfTermOption && Number(chosen?.residualValue ?? 0) > 0) {
      const notice = addDays(end, -90);
      if (notice >= from && notice <= to)
        events.push({
          ...base,
          id: `residual-option:${row.registration}`,
          type: 'RESIDUAL_OPTION',
          title: `Residual value option notice: ${row.registration}${name}`,
          detail: `${row.registration}${name}`,
          start: notice,
          color: colors.contracts,
          editable: false,
        });
    }
    if (quotations.some((q) => q.indexed === true) || row.data.indexed === true)
      for (const date of anniversaries(start, end, from, to))
        events.push({
          ...base,
          id: `indexation:${row.registration}:${date.slice(0, 4)}`,
          type: 'INDEXATION',
          title: `Indexation: ${row.registration}${name}`,
          detail: `${row.registration}${name}`,
          start: date,
          color: colors.contracts,
          editable: false,
        });
  }
  return events;
}

async function collectionEvents(tx: Tx, reader: CalendarReader, from: string, to: string) {
  const kind = kinds.paymentFile;
  const rows = await storage.findWhere(
    tx,
    kind,
    reader.tenant,
    sql<boolean>`data->>'requestedDate' >= ${from} AND data->>'requestedDate' <= ${to} AND coalesce(status, '') <> 'CANCELLED'`,
    2000,
  );
  return rows.map(
    (row): CalendarEvent => ({
      id: `collection:${row.registration}`,
      calendar: 'collections',
      type: row.type === 'PAIN_001' ? 'TRANSFERS' : 'COLLECTION',
      title: `${row.type === 'PAIN_001' ? 'Transfers' : 'Collection'}: ${row.registration} (${row.data.count ?? 0})`,
      detail: `${row.registration} (${row.data.count ?? 0})`,
      start: String(row.data.requestedDate),
      allDay: true,
      color: colors.collections,
      link: `/${kind.clientRoute}/${row.registration}`,
      entityName: kind.name,
      registration: row.registration,
      editable: false,
      status: row.status ?? undefined,
    }),
  );
}

function monthEndEvents(from: string, to: string): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  let [y, m] = from.split('-').map(Number);
  for (;;) {
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    if (last > to) break;
    if (last >= from)
      events.push({
        id: `month-end:${last.slice(0, 7)}`,
        calendar: 'month-ends',
        type: 'MONTH_END',
        title: 'Month end',
        start: last,
        allDay: true,
        color: colors.monthEnds,
        editable: false,
      });
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return events;
}

/** The events of the calendars `names` between the days `from` and `to` (both included). */
export async function calendarEvents(
  tx: Tx,
  reader: CalendarReader,
  names: string[],
  from: string,
  to: string,
  today: string,
): Promise<CalendarEvent[]> {
  const wanted = new Set(names);
  const events = [
    ...(await taskEvents(tx, reader, names, from, to, today)),
    ...(wanted.has('committees') && reader.canRead(kinds.committee) ? await committeeEvents(tx, reader, from, to) : []),
    ...(wanted.has('contracts') && reader.canRead(kinds.contract) ? await contractEvents(tx, reader, from, to) : []),
    ...(wanted.has('collections') && reader.canRead(kinds.paymentFile)
      ? await collectionEvents(tx, reader, from, to)
      : []),
    ...(wanted.has('month-ends') ? monthEndEvents(from, to) : []),
  ];
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}
