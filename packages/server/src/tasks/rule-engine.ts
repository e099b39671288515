import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { task as taskKind } from '@lbo/model/entities/core/task.entity';
import { addDays, dayIn } from '@lbo/model/values/dates';
import { isObject } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { readConfiguration } from '../db/configuration.ts';
import { createIn, type Caller } from '../entities/crud.operation.ts';
import { compileListQuery } from '../entities/list-query.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { BatchRunner } from '../jobs/job-queue.ts';
import { notifyAssignees } from './task-notify.ts';
import { defaultTaskRules, ruleQuery, type TaskRule } from './task-rules.ts';

/**
 * The rule engine behind the tasks the product opens (TASK_RULES batches, cron `task-rules`):
 * each enabled rule of the tenant's `taskRules` lists its kind's records through the list query
 * grammar, expands their items when it asks, and opens one task per record (or item) that has
 * none yet, keyed `{rule}:{kind}:{registration}[:{item}]` (`ruleKey`, unique per tenant), then
 * notifies its assignees. One run per tenant at a time (an advisory lock); the whole run is one
 * transaction, so a run killed midway leaves nothing and the next one opens the same tasks.
 */
export const TASK_RULES = 'TASK_RULES';
const PAGE = 250;
/** The most records one rule looks at in a run. */
const MAX_RECORDS = 10_000;

export const TASK_RULES_SECTION = 'taskRules';

/** The tenant's rules, or the defaults when it stored none. */
export async function taskRulesOf(tx: Tx, tenant: string): Promise<TaskRule[]> {
  const stored = await readConfiguration<{ rules?: TaskRule[] }>(tx, tenant, TASK_RULES_SECTION);
  return Array.isArray(stored?.rules) ? stored.rules : defaultTaskRules;
}

/** `{field}` and `{a.b}` replaced by the values (texts and numbers), unknown ones left empty. */
export function fillTemplate(template: string, values: Doc): string {
  return template.replace(/\{([\w.]+)\}/g, (_all, path: string) => {
    const value = path.split('.').reduce<unknown>((v, part) => (isObject(v) ? v[part] : undefined), values);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

const addMonths = (day: string, months: number) => {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
};

/** A record (or one of its items) a rule would open a task for. */
interface Candidate {
  key: string;
  record: Doc;
  values: Doc;
}

/** The items at a dotted list path (`bankAccounts.sepaMandates`), flattened. */
function itemsAt(doc: Doc, path: string): Doc[] {
  let level: unknown[] = [doc];
  for (const part of path.split('.')) {
    level = level.flatMap((v) => {
      const next = isObject(v) ? v[part] : undefined;
      return Array.isArray(next) ? next : next === undefined ? [] : [next];
    });
  }
  return level.filter(isObject);
}

/** The last day each key was used by records of `usedBy.kind`. */
async function lastUses(
  tx: Tx,
  tenant: string,
  usedBy: { kind: string; field: string; dateField: string },
  keys: string[],
): Promise<Map<string, string>> {
  const kind = entityByName(usedBy.kind);
  if (!kind || !keys.length) return new Map();
  const { rows } = await sql<{ key: string; last: string | null }>`
    SELECT data->>${usedBy.field} AS key, max(data->>${usedBy.dateField}) AS last FROM ${sql.table(kind.table)}
    WHERE tenant = ${tenant} AND data->>${usedBy.field} = ANY(${keys}::text[]) GROUP BY 1`.execute(tx);
  return new Map(rows.filter((r) => r.last).map((r) => [r.key, String(r.last).slice(0, 10)]));
}

/** The candidates of one page of records: the records, or their items that meet the rule. */
async function candidatesOf(tx: Tx, tenant: string, rule: TaskRule, docs: Doc[], today: string): Promise<Candidate[]> {
  const items = rule.items;
  if (!items) return docs.map((record) => ({ key: String(record.registration), record, values: record }));
  const found = docs.flatMap((record) =>
    itemsAt(record, items.path)
      .filter((item) =>
        Object.entries(items.where ?? {}).every(([field, wanted]) => wanted.split(',').includes(String(item[field]))),
      )
      .filter((item) => typeof item[items.key] === 'string' && item[items.key])
      .map((item) => ({ record, item })),
  );
  const lapse = items.lapse;
  const used = lapse?.usedBy
    ? await lastUses(
        tx,
        tenant,
        lapse.usedBy,
        found.map(({ item }) => String(item[items.key])),
      )
    : new Map<string, string>();
  return found.flatMap(({ record, item }) => {
    const itemKey = String(item[items.key]);
    let lapseDate: string | undefined;
    if (lapse) {
      const own = typeof item[lapse.dateField] === 'string' ? String(item[lapse.dateField]).slice(0, 10) : '';
      const last = [own, used.get(itemKey) ?? ''].sort().at(-1);
      if (!last) return [];
      lapseDate = addMonths(last, lapse.months);
      if (lapseDate > addDays(today, lapse.warnDays)) return [];
    }
    return [
      {
        key: `${record.registration}:${itemKey}`,
        record,
        values: { ...record, ...item, ...(lapseDate ? { lapseDate } : {}) },
      },
    ];
  });
}

/** The keys among `keys` that a task holds already. */
async function takenKeys(tx: Tx, tenant: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const { rows } = await sql<{ key: string }>`SELECT data->>'ruleKey' AS key FROM ${sql.table(taskKind.table)}
    WHERE tenant = ${tenant} AND data->>'ruleKey' = ANY(${keys}::text[])`.execute(tx);
  return new Set(rows.map((r) => r.key));
}

/** The task a rule opens for a candidate. */
function taskFor(rule: TaskRule, kind: Entity, candidate: Candidate, key: string, today: string): Doc {
  const { record, values } = candidate;
  const linked = rule.linkTo && typeof record[rule.linkTo] === 'string' ? String(record[rule.linkTo]) : undefined;
  const linkedKind = rule.linkTo ? kind.fields[rule.linkTo]?.entity : undefined;
  const base = rule.dueFrom && typeof record[rule.dueFrom] === 'string' ? String(record[rule.dueFrom]) : today;
  const due = addDays(base.slice(0, 10), rule.dueInDays);
  const subject = fillTemplate(rule.subject, values).slice(0, 500);
  return {
    name: subject.slice(0, 200),
    subject,
    description: `Opened by the rule **${rule.name}** for ${kind.name} ${record.registration}.`,
    type: rule.taskType,
    priority: rule.priority,
    ...(rule.assignee.username ? { ownerUsername: rule.assignee.username } : {}),
    ...(rule.assignee.profiles?.length ? { profiles: rule.assignee.profiles } : {}),
    dueDate: due < today ? today : due,
    entityName: linked && linkedKind ? linkedKind : kind.name,
    entityRegistration: linked && linkedKind ? linked : String(record.registration),
    done: false,
    ruleKey: key,
  };
}

/** Runs one rule: answers the tasks it opened. */
async function runRule(tx: Tx, product: Caller, rule: TaskRule, today: string, timeZone: string): Promise<number> {
  const kind = entityByName(rule.kind);
  if (!kind) return 0;
  const base = ruleQuery(rule.filter, today);
  let opened = 0;
  for (let offset = 0; offset < MAX_RECORDS; offset += PAGE) {
    const q = compileListQuery(
      kind,
      { ...base, sort: 'registration', range: `[${offset}-${offset + PAGE - 1}]` },
      timeZone,
    );
    const page = await storage.listDocuments(tx, kind, product.tenant, q);
    const docs = page.slice(0, PAGE).map((d) => JSON.parse(d) as Doc);
    const candidates = await candidatesOf(tx, product.tenant, rule, docs, today);
    const keyOf = (c: Candidate) => `${rule.name}:${kind.name}:${c.key}`;
    const taken = await takenKeys(tx, product.tenant, candidates.map(keyOf));
    for (const candidate of candidates) {
      const key = keyOf(candidate);
      if (taken.has(key)) continue;
      taken.add(key);
      const created = await createIn(tx, product, taskKind, taskFor(rule, kind, candidate, key, today), {
        action: 'CREATE',
        history: { details: { rule: rule.name } },
      });
      await notifyAssignees(tx, product, created as Doc, undefined, rule.notificationType);
      opened++;
    }
    if (page.length <= PAGE) break;
  }
  return opened;
}

/**
 * Runs the tenant's rules as of `now` (days read in `timeZone`); answers the tasks opened per
 * rule. A second run at once opens none.
 */
export async function runTaskRules(
  tx: Tx,
  caller: Caller,
  now = new Date(),
  timeZone = 'Europe/Paris',
): Promise<Record<string, number>> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-rules:${caller.tenant}`}, 0))`.execute(tx);
  const today = dayIn(now, timeZone);
  // The product opens these tasks: nobody is left out of their notifications as the one who acted.
  const product: Caller = { tenant: caller.tenant, username: 'system', timeZone };
  const opened: Record<string, number> = {};
  for (const rule of await taskRulesOf(tx, caller.tenant)) {
    if (!rule.enabled) continue;
    opened[rule.name] = await runRule(tx, product, rule, today, timeZone);
  }
  return opened;
}

export const taskRulesRunner = (): BatchRunner => ({
  plan: async (_tx, _caller, parameters, day) => ({ name: `Task rules on ${day}`, parameters, total: 0 }),
  chunk: async (tx, caller) => {
    const opened = await runTaskRules(tx, caller);
    const total = Object.values(opened).reduce((a, b) => a + b, 0);
    const detail = Object.entries(opened)
      .filter(([, n]) => n)
      .map(([rule, n]) => `${rule}: ${n}`)
      .join(', ');
    return {
      done: total,
      cursor: null,
      finished: true,
      message: `${total} task(s) opened${detail ? ` (${detail})` : ''}`,
    };
  },
});
