import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { referenceLists } from '@lbo/model/reference-lists';
import { addDays } from '@lbo/model/values/dates';
import { isObject } from '@lbo/model/values/validate';
import { compileListQuery } from '../entities/list-query.ts';

/**
 * The tasks the product opens itself, declared as data per tenant (configuration section
 * `taskRules`, docs/tasks.md): each rule names a kind and a list-grammar filter (docs/api.md "List
 * query") over it, whose records each get one task: its subject from a template, its assignee
 * (a user and/or profiles), due some days after today (or after a date of the record), its
 * priority and type, and the notification its assignees receive. A rule may look at the items
 * of a list of the record instead (a person's SEPA mandates), and ask how long ago an item was
 * last used (a mandate lapses 36 months after its last collection).
 */
export interface TaskRule {
  /** Unique in the list; part of each task's key: renaming a rule opens its tasks again. */
  name: string;
  enabled: boolean;
  /** The kind whose records the rule looks at (a declared kind's name). */
  kind: string;
  /**
   * A list-grammar query of the kind: `status=REJECTED&fromReturnDate={today-60}`. `{today}`,
   * `{today+N}` and `{today-N}` stand for days counted from the run's day.
   */
  filter: string;
  /** Items of a list of each record, one task each (a person's mandates). */
  items?: {
    /** The list's dotted path: `bankAccounts.sepaMandates`. */
    path: string;
    /** The item field that names it in the task's key: `rumReference`. */
    key: string;
    /** Item fields and the values they must hold (comma lists). */
    where?: Record<string, string>;
    /** The item lapses `months` after its last use; the rule opens a task `warnDays` before. */
    lapse?: {
      months: number;
      warnDays: number;
      /** The item's own date counted as a use (its signature). */
      dateField: string;
      /** Records of another kind that use the item: their `field` holds its key, `dateField` when. */
      usedBy?: { kind: string; field: string; dateField: string };
    };
  };
  /** `{field}` placeholders are the record's (and the item's) values: `Returned debit on {contractRegistration}`. */
  subject: string;
  assignee: { username?: string; profiles?: string[] };
  /** Days from today (or from `dueFrom`, a date field of the record) to the task's due date. */
  dueInDays: number;
  dueFrom?: string;
  priority: string;
  taskType: string;
  /** The notification its assignees receive. */
  notificationType: 'TASK_ASSIGNED' | 'RETURN_RECEIVED' | 'APPROVAL_NEEDED' | 'BATCH_FAILED';
  /** A link field of the record naming the record the task is about (a returned line's contract); the record itself otherwise. */
  linkTo?: string;
}

const notificationTypes = ['TASK_ASSIGNED', 'RETURN_RECEIVED', 'APPROVAL_NEEDED', 'BATCH_FAILED'] as const;
const ruleName = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ruleFields = [
  'name',
  'enabled',
  'kind',
  'filter',
  'items',
  'subject',
  'assignee',
  'dueInDays',
  'dueFrom',
  'priority',
  'taskType',
  'notificationType',
  'linkTo',
];

/** The rules every tenant starts with (docs/tasks.md). */
export const defaultTaskRules: TaskRule[] = [
  {
    name: 'returned-debit',
    enabled: true,
    kind: 'PaymentFileLine',
    filter: 'status=REJECTED&pr=R',
    subject: 'Returned debit {registration} ({returnReasonCode}): call the client',
    assignee: { profiles: ['COLLECTOR'] },
    dueInDays: 2,
    priority: 'HIGH',
    taskType: 'CALL',
    notificationType: 'RETURN_RECEIVED',
    linkTo: 'contractRegistration',
  },
  {
    name: 'deal-approval',
    enabled: true,
    kind: 'Deal',
    filter: 'status=SUBMITTED',
    subject: 'Approve deal {registration} {name}',
    assignee: { profiles: ['BACK_OFFICE'] },
    dueInDays: 2,
    priority: 'HIGH',
    taskType: 'APPROVAL',
    notificationType: 'APPROVAL_NEEDED',
  },
  {
    name: 'failed-batch',
    enabled: true,
    kind: 'Batch',
    filter: 'status=ERROR',
    subject: 'Batch {registration} failed: {name}',
    assignee: { profiles: ['ADMIN'] },
    dueInDays: 1,
    priority: 'URGENT',
    taskType: 'TODO',
    notificationType: 'BATCH_FAILED',
  },
  {
    name: 'mandate-expiring',
    enabled: true,
    kind: 'Person',
    filter: '',
    items: {
      path: 'bankAccounts.sepaMandates',
      key: 'rumReference',
      where: { rumStatus: 'ACTIVE' },
      lapse: {
        months: 36,
        warnDays: 60,
        dateField: 'rumDateOfSignature',
        usedBy: { kind: 'PaymentFileLine', field: 'mandateReference', dateField: 'collectionDate' },
      },
    },
    subject: 'SEPA mandate {rumReference} of {name} lapses on {lapseDate} unless used',
    assignee: { profiles: ['COLLECTOR'] },
    dueInDays: 7,
    priority: 'NORMAL',
    taskType: 'FOLLOW_UP',
    notificationType: 'TASK_ASSIGNED',
  },
  {
    name: 'contract-end',
    enabled: true,
    kind: 'Contract',
    filter: 'status=ACTIVE&fromEndDate={today}&toEndDate={today+90}',
    subject: 'Contract {registration} {name} ends on {endDate}: prepare its end of term',
    assignee: { profiles: ['BACK_OFFICE'] },
    dueInDays: -30,
    dueFrom: 'endDate',
    priority: 'NORMAL',
    taskType: 'FOLLOW_UP',
    notificationType: 'TASK_ASSIGNED',
  },
];

/** A rule's filter as a list query, `{today±N}` read from `today` (as YYYYMMDD, the grammar's days). */
export function ruleQuery(filter: string, today: string): Record<string, string> {
  const params = new URLSearchParams(
    filter.replace(/\{today(?:([+-])(\d{1,4}))?\}/g, (_m, sign: string | undefined, n: string | undefined) =>
      addDays(today, sign ? (sign === '-' ? -1 : 1) * Number(n) : 0).replace(/-/g, ''),
    ),
  );
  const query: Record<string, string> = {};
  for (const [key, value] of params) query[key] = key in query ? `${query[key]},${value}` : value;
  return query;
}

const listValues = (name: string) => new Set((referenceLists[name] ?? []).map((item) => item.value));
const bad = (value: unknown, field: string) =>
  new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value ?? null).slice(0, 80), field]);
const text = (value: unknown, field: string, max = 500): string => {
  if (typeof value !== 'string' || value.length > max) throw new ApiError('INVALID_STRING_FIELD', [field]);
  return value;
};

/** Checks one rule; the first problem throws naming the field (`[2].kind`). */
function validateRule(item: unknown, at: (field: string) => string): TaskRule {
  if (!isObject(item)) throw new ApiError('INVALID_OBJECT_FIELD', [at('')]);
  const unknown = Object.keys(item).find((key) => !ruleFields.includes(key));
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [at(unknown)]);
  if (typeof item.name !== 'string' || !ruleName.test(item.name)) throw bad(item.name, at('name'));
  const kind = typeof item.kind === 'string' ? entityByName(item.kind) : undefined;
  if (!kind || kind.name === 'Task') throw bad(item.kind, at('kind'));
  const filter = text(item.filter ?? '', at('filter'), 1000);
  try {
    compileListQuery(kind, ruleQuery(filter, '2000-01-01'));
  } catch (error) {
    const why = error instanceof ApiError ? error.message : String(error);
    throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(filter).slice(0, 200), `${at('filter')} (${why})`]);
  }
  const subject = text(item.subject, at('subject'), 300);
  if (!subject.trim()) throw new ApiError('INVALID_NON_EMPTY_STRING_FIELD', [at('subject')]);
  if (!isObject(item.assignee)) throw new ApiError('INVALID_OBJECT_FIELD', [at('assignee')]);
  const { username, profiles } = item.assignee;
  if (username !== undefined && (typeof username !== 'string' || !username))
    throw bad(username, at('assignee.username'));
  if (profiles !== undefined && !(Array.isArray(profiles) && profiles.every((p) => typeof p === 'string')))
    throw new ApiError('INVALID_ARRAY_FIELD', [at('assignee.profiles')]);
  const unknownProfile = (profiles as string[] | undefined)?.find((p) => !/^[A-Z][A-Z0-9_]{0,63}$/.test(p));
  if (unknownProfile) throw bad(unknownProfile, at('assignee.profiles'));
  if (!username && !(profiles as string[] | undefined)?.length)
    throw new ApiError('MISSING_FIELD_IN_BODY', [at('assignee.username')]);
  if (!Number.isInteger(item.dueInDays) || Math.abs(item.dueInDays as number) > 3650)
    throw new ApiError('INVALID_INTEGER_FIELD', [at('dueInDays')]);
  if (item.dueFrom !== undefined && (typeof item.dueFrom !== 'string' || kind.fields[item.dueFrom]?.type !== 'date'))
    throw bad(item.dueFrom, at('dueFrom'));
  if (item.linkTo !== undefined && (typeof item.linkTo !== 'string' || kind.fields[item.linkTo]?.type !== 'link'))
    throw bad(item.linkTo, at('linkTo'));
  if (typeof item.priority !== 'string' || !listValues('priority').has(item.priority))
    throw bad(item.priority, at('priority'));
  if (typeof item.taskType !== 'string' || !listValues('taskType').has(item.taskType))
    throw bad(item.taskType, at('taskType'));
  if (!notificationTypes.includes(item.notificationType as TaskRule['notificationType']))
    throw bad(item.notificationType, at('notificationType'));
  if (item.enabled !== undefined && typeof item.enabled !== 'boolean')
    throw new ApiError('INVALID_BOOLEAN_FIELD', [at('enabled')]);
  const items = item.items === undefined ? undefined : validateItems(item.items, at);
  return {
    name: item.name,
    enabled: item.enabled !== false,
    kind: kind.name,
    filter,
    ...(items ? { items } : {}),
    subject,
    assignee: {
      ...(username ? { username: (username as string).toLowerCase() } : {}),
      ...(profiles ? { profiles: profiles as string[] } : {}),
    },
    dueInDays: item.dueInDays as number,
    ...(item.dueFrom ? { dueFrom: item.dueFrom as string } : {}),
    priority: item.priority,
    taskType: item.taskType,
    notificationType: item.notificationType as TaskRule['notificationType'],
    ...(item.linkTo ? { linkTo: item.linkTo as string } : {}),
  };
}

function validateItems(value: unknown, at: (field: string) => string): NonNullable<TaskRule['items']> {
  if (!isObject(value)) throw new ApiError('INVALID_OBJECT_FIELD', [at('items')]);
  text(value.path, at('items.path'), 200);
  text(value.key, at('items.key'), 200);
  const where = value.where;
  if (where !== undefined && !(isObject(where) && Object.values(where).every((v) => typeof v === 'string')))
    throw new ApiError('INVALID_OBJECT_FIELD', [at('items.where')]);
  const lapse = value.lapse;
  if (lapse !== undefined) {
    if (!isObject(lapse)) throw new ApiError('INVALID_OBJECT_FIELD', [at('items.lapse')]);
    if (!Number.isInteger(lapse.months) || (lapse.months as number) < 1)
      throw new ApiError('INVALID_INTEGER_FIELD', [at('items.lapse.months')]);
    if (!Number.isInteger(lapse.warnDays) || (lapse.warnDays as number) < 0)
      throw new ApiError('INVALID_INTEGER_FIELD', [at('items.lapse.warnDays')]);
    text(lapse.dateField, at('items.lapse.dateField'), 200);
    if (lapse.usedBy !== undefined) {
      const usedBy = lapse.usedBy;
      if (!isObject(usedBy) || typeof usedBy.kind !== 'string' || !entityByName(usedBy.kind))
        throw bad(isObject(usedBy) ? usedBy.kind : usedBy, at('items.lapse.usedBy.kind'));
      text(usedBy.field, at('items.lapse.usedBy.field'), 200);
      text(usedBy.dateField, at('items.lapse.usedBy.dateField'), 200);
    }
  }
  return value as NonNullable<TaskRule['items']>;
}

/** The `taskRules` configuration: `{ rules: [...] }`, names unique. */
export function validateTaskRules(value: unknown): { rules: TaskRule[] } {
  if (!isObject(value)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  const unknown = Object.keys(value).find((key) => key !== 'rules');
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [unknown]);
  if (!Array.isArray(value.rules)) throw new ApiError('INVALID_ARRAY_FIELD', ['rules']);
  const seen = new Set<string>();
  const rules = value.rules.map((item, i) => {
    const rule = validateRule(item, (field) => `rules[${i}]${field ? `.${field}` : ''}`);
    if (seen.has(rule.name)) throw new ApiError('VALUE_ALREADY_EXISTS', [rule.name, `rules[${i}].name`]);
    seen.add(rule.name);
    return rule;
  });
  return { rules };
}
