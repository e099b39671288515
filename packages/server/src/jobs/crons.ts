/**
 * Recurring jobs (spec 000 §3 `cron-list`, the `/crons` screen): a tenant lists crons, each a
 * cron expression in a time zone, a batch type and its parameters. Every worker process looks
 * every few seconds for crons whose last tick has passed; the tenant's `cron-state` row, locked
 * while it is read and written, makes exactly one of them create the tick's Batch, which the queue
 * then runs like any other. A tick missed while no server ran is run once when one comes back;
 * a new cron waits for its next tick. The batch works as the administrator who last saved the list.
 */
import parser from 'cron-parser';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { referenceLists } from '@lbo/model/reference-lists';
import { dayIn } from '@lbo/model/values/dates';
import { isObject } from '@lbo/model/values/validate';
import type { Database, Tx } from '../db/database.ts';
import { inTenant } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc } from '../entities/storage.ts';
import { createBatch } from './batch-records.ts';
import type { JobQueue } from './job-queue.ts';

export interface CronEntry {
  /** Unique in the tenant's list. */
  name: string;
  /** Five fields (minute hour day month weekday), or six with seconds first. */
  cron: string;
  /** The batch type it starts (batchType list) — a type the server runs. */
  job: string;
  parameters: Doc;
  timeZone: string;
  enabled: boolean;
}

/** What the cron-state row keeps per cron. */
interface CronState {
  lastTick?: string;
  lastBatchRegistration?: string;
}

export const CRON_LIST = 'cron-list';

const CRON_STATE = 'cron-state';
const cronName = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** The most days a scheduled run looks ahead of its tick (`parameters.daysAhead`). */
const MAX_DAYS_AHEAD = 366;

const validTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const expression = (entry: Pick<CronEntry, 'cron' | 'timeZone'>, currentDate: Date) =>
  parser.parseExpression(entry.cron, { currentDate, tz: entry.timeZone });

/** The `cron-list` configuration's rules (tenant-configuration.ts validators): the first problem throws naming the field. */
export function validateCronList(value: unknown): CronEntry[] {
  if (!Array.isArray(value)) throw new ApiError('INVALID_ARRAY_FIELD', ['body']);
  const jobs = new Set((referenceLists.batchType ?? []).map((item) => item.value));
  const seen = new Set<string>();
  return value.map((item, i): CronEntry => {
    const at = (field: string) => `[${i}].${field}`;
    if (!isObject(item)) throw new ApiError('INVALID_OBJECT_FIELD', [`[${i}]`]);
    const unknown = Object.keys(item).find(
      (key) => !['name', 'cron', 'job', 'parameters', 'timeZone', 'enabled'].includes(key),
    );
    if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [at(unknown)]);
    if (typeof item.name !== 'string' || !cronName.test(item.name))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(item.name ?? null).slice(0, 80), at('name')]);
    if (seen.has(item.name)) throw new ApiError('VALUE_ALREADY_EXISTS', [item.name, at('name')]);
    seen.add(item.name);
    if (typeof item.job !== 'string' || !jobs.has(item.job))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(item.job ?? null).slice(0, 80), at('job')]);
    const timeZone = item.timeZone === undefined ? 'UTC' : item.timeZone;
    if (typeof timeZone !== 'string' || !validTimeZone(timeZone))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(timeZone).slice(0, 80), at('timeZone')]);
    if (typeof item.cron !== 'string' || item.cron.length > 120)
      throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [at('cron')]);
    // The parser reads fewer fields as if the rest were `*`: a list says all five (or six with seconds).
    const fields = item.cron.trim().split(/\s+/).length;
    if (fields !== 5 && fields !== 6)
      throw new ApiError('INVALID_FIELD_VALUE', [
        JSON.stringify(item.cron),
        `${at('cron')} (5 fields, or 6 with seconds)`,
      ]);
    try {
      expression({ cron: item.cron, timeZone }, new Date()).next();
    } catch {
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(item.cron), at('cron')]);
    }
    if (item.parameters !== undefined && !isObject(item.parameters))
      throw new ApiError('INVALID_OBJECT_FIELD', [at('parameters')]);
    // Runs that bill or collect ahead of the tick's day (billing, payment files) read `daysAhead`.
    const ahead = isObject(item.parameters) ? item.parameters.daysAhead : undefined;
    if (
      ahead !== undefined &&
      !(Number.isInteger(ahead) && (ahead as number) >= 0 && (ahead as number) <= MAX_DAYS_AHEAD)
    )
      throw new ApiError('INVALID_FIELD_VALUE', [
        JSON.stringify(ahead).slice(0, 80),
        `${at('parameters.daysAhead')} (a whole number of days from 0 to ${MAX_DAYS_AHEAD})`,
      ]);
    if (item.enabled !== undefined && typeof item.enabled !== 'boolean')
      throw new ApiError('INVALID_BOOLEAN_FIELD', [at('enabled')]);
    return {
      name: item.name,
      cron: item.cron,
      job: item.job,
      parameters: (item.parameters as Doc | undefined) ?? {},
      timeZone,
      enabled: item.enabled !== false,
    };
  });
}

/**
 * The ticks last computed per expression and time zone, reused for a minute while `now` stays
 * strictly between them: every process looks at every tenant's crons every few seconds, and
 * stepping an expression through a time zone costs milliseconds (cron-parser walks it through
 * luxon; 5 to 50 ms here). Not longer: in a time-zone change cron-parser's next tick depends on
 * where it starts (New York's 02:00 of 9 March 2025, which does not exist, is next from before it
 * and skipped from after it), so a next tick shown is at most a minute old.
 */
const knownTicks = new Map<string, { last: Date; next: Date; at: number }>();
const TICKS_KEPT_MS = 60_000;

/** The first tick after `after` (cron-parser's next, strict). */
export const nextTick = (entry: Pick<CronEntry, 'cron' | 'timeZone'>, after: Date): Date =>
  expression(entry, after).next().toDate();

/** The last tick before `now`, and the next one after it (cron-parser's prev and next, both strict). */
export function ticksAround(entry: Pick<CronEntry, 'cron' | 'timeZone'>, now: Date): { last: Date; next: Date } {
  const key = `${entry.timeZone}\u0000${entry.cron}`;
  const known = knownTicks.get(key);
  const time = now.getTime();
  if (known && known.last < now && now < known.next && known.at <= time && time - known.at < TICKS_KEPT_MS)
    return { last: known.last, next: known.next };
  const ticks = { last: expression(entry, now).prev().toDate(), next: nextTick(entry, now) };
  // Ticks fall on whole seconds: computed off one, the two are consecutive; computed on one, that
  // tick lies between them.
  if (time % 1000 !== 0) {
    if (knownTicks.size >= 1000) knownTicks.clear();
    knownTicks.set(key, { ...ticks, at: time });
  }
  return ticks;
}

async function readList(tx: Tx, tenant: string): Promise<{ entries: CronEntry[]; savedBy: string | null }> {
  const { rows } = await sql<{
    value: CronEntry[];
    updated_by: string | null;
  }>`SELECT value, updated_by FROM tenant_configuration
    WHERE tenant = ${tenant} AND name = ${CRON_LIST}`.execute(tx);
  return { entries: Array.isArray(rows[0]?.value) ? rows[0].value : [], savedBy: rows[0]?.updated_by ?? null };
}

async function lockState(tx: Tx, tenant: string): Promise<Record<string, CronState>> {
  await sql`INSERT INTO tenant_configuration (tenant, name, value, updated_by) VALUES (${tenant}, ${CRON_STATE}, '{}'::jsonb, 'system')
    ON CONFLICT (tenant, name) DO NOTHING`.execute(tx);
  const { rows } = await sql<{ value: Record<string, CronState> }>`SELECT value FROM tenant_configuration
    WHERE tenant = ${tenant} AND name = ${CRON_STATE} FOR UPDATE`.execute(tx);
  return rows[0]?.value ?? {};
}

async function readState(tx: Tx, tenant: string): Promise<Record<string, CronState>> {
  const { rows } = await sql<{
    value: Record<string, CronState>;
  }>`SELECT value FROM tenant_configuration WHERE tenant = ${tenant} AND name = ${CRON_STATE}`.execute(tx);
  return rows[0]?.value ?? {};
}

/** Creates the batch of one cron for the day `day` (its tick's day in its time zone); answers its registration. */
async function startCronBatch(
  tx: Tx,
  caller: Caller,
  jobs: JobQueue,
  entry: CronEntry,
  day: string,
  tick: string,
): Promise<string> {
  const runner = jobs.runnerOf(entry.job);
  if (!runner?.plan)
    throw new ApiError('INVALID_FIELD_VALUE', [entry.job, `job (no scheduled run of ${entry.job} batches)`]);
  const planned = await runner.plan(tx, caller, entry.parameters, day);
  const batch = await createBatch(tx, caller, {
    type: entry.job,
    name: `${entry.name}: ${planned.name}`,
    parameters: { ...planned.parameters, cron: entry.name, tick },
    total: planned.total,
  });
  return String(batch.registration);
}

/**
 * Creates the batch of every cron of `tenant` whose last tick has passed since it last ran; once
 * per tick whatever the number of processes. Answers the batches created (queued after commit).
 */
export async function fireDueCrons(
  database: Database,
  jobs: JobQueue,
  tenant: string,
  now = new Date(),
): Promise<string[]> {
  const created = await inTenant(database.db, { tenant, user: 'system' }, async (tx) => {
    const { entries, savedBy } = await readList(tx, tenant);
    // Looked at every few seconds by every process: nothing is locked or written until a tick has passed.
    const seen = await readState(tx, tenant);
    if (!entries.some((e) => e.enabled && (seen[e.name]?.lastTick ?? '') < ticksAround(e, now).last.toISOString()))
      return [];
    const state = await lockState(tx, tenant);
    const caller: Caller = { tenant, username: savedBy ?? 'system' };
    const batches: string[] = [];
    for (const entry of entries) {
      if (!entry.enabled) continue;
      const { last } = ticksAround(entry, now);
      const known = state[entry.name]?.lastTick;
      const tick = last.toISOString();
      if (known && known >= tick) continue;
      // A cron seen for the first time waits for its next tick rather than running a past one.
      const registration = known
        ? await startCronBatch(tx, caller, jobs, entry, dayIn(last, entry.timeZone), tick)
        : undefined;
      state[entry.name] = {
        ...state[entry.name],
        lastTick: tick,
        ...(registration ? { lastBatchRegistration: registration } : {}),
      };
      if (registration) batches.push(registration);
    }
    await sql`UPDATE tenant_configuration SET value = ${JSON.stringify(state)}::jsonb, updated_at = now() WHERE tenant = ${tenant} AND name = ${CRON_STATE}`.execute(
      tx,
    );
    return batches;
  });
  for (const registration of created) await jobs.enqueue(tenant, registration);
  return created;
}

/** Every tenant with a cron, across tenants (tenants_with_crons(), migration 0005). */
export async function tenantsWithCrons(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ tenant: string }>('SELECT tenant FROM tenants_with_crons()');
  return rows.map((r) => r.tenant);
}

/**
 * Looks every `everySeconds` for due crons in every tenant; answers the stop function, which
 * resolves once a look under way has ended (none reaches the database after it).
 */
export function startCronTicker(database: Database, jobs: JobQueue, everySeconds: number): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const tick = async () => {
    for (const tenant of await tenantsWithCrons(database)) {
      await fireDueCrons(database, jobs, tenant).catch((error) =>
        console.error(JSON.stringify({ level: 'error', msg: 'cron', tenant, error: String(error) })),
      );
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      ticking = tick()
        .catch(() => undefined)
        .finally(() => {
          ticking = undefined;
          if (timer) schedule();
        });
    }, everySeconds * 1000);
    timer.unref();
  };
  schedule();
  return async () => {
    clearTimeout(timer);
    timer = undefined;
    await ticking;
  };
}

export interface CronView extends CronEntry {
  nextRun: string | null;
  lastRun: string | null;
  lastBatchRegistration: string | null;
}

/** The tenant's crons with their next and last run, as `/crons` shows them. */
export async function cronViews(tx: Tx, tenant: string, now = new Date()): Promise<CronView[]> {
  const [{ entries }, state] = [await readList(tx, tenant), await readState(tx, tenant)];
  return entries.map((entry) => ({
    ...entry,
    nextRun: entry.enabled ? ticksAround(entry, now).next.toISOString() : null,
    lastRun: state[entry.name]?.lastBatchRegistration ? (state[entry.name].lastTick ?? null) : null,
    lastBatchRegistration: state[entry.name]?.lastBatchRegistration ?? null,
  }));
}

/** Runs one cron now, outside its schedule: its batch for today in its time zone. */
export async function runCronNow(
  tx: Tx,
  caller: Caller,
  jobs: JobQueue,
  name: string,
  now = new Date(),
): Promise<string> {
  const entry = (await readList(tx, caller.tenant)).entries.find((e) => e.name === name);
  if (!entry) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['Cron', name]);
  return startCronBatch(tx, caller, jobs, entry, dayIn(now, entry.timeZone), now.toISOString());
}
