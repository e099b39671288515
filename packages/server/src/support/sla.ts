import { ApiError } from '@lbo/model/errors';
import { isObject } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { readConfiguration } from '../db/configuration.ts';
import type { Doc } from '../entities/storage.ts';

/**
 * Service levels of the support desk (docs/support-desk.md), as Zendesk's SLA policies set them:
 * per priority, the hours within which a ticket gets its first public answer and is resolved,
 * counted in calendar hours from the instant the request came in (`openedDate`). A target missed
 * stays missed: a ticket answered or resolved late keeps its flag, and one still open past its
 * due instant is flagged by the next write or sweep (sla-sweep.ts).
 */
export const SLA_SECTION = 'supportSla';

export interface SlaTarget {
  firstResponseHours: number;
  resolutionHours: number;
}
export type SlaTargets = Record<string, SlaTarget>;

export const priorities = ['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const;
/** The priority whose targets a ticket without one follows. */
export const DEFAULT_PRIORITY = 'NORMAL';

export const defaultSlaTargets: SlaTargets = {
  URGENT: { firstResponseHours: 1, resolutionHours: 8 },
  HIGH: { firstResponseHours: 4, resolutionHours: 24 },
  NORMAL: { firstResponseHours: 8, resolutionHours: 72 },
  LOW: { firstResponseHours: 24, resolutionHours: 120 },
};

/** Statuses in which the clock runs: a ticket in them past its due instant is late. */
export const openStatuses = ['NEW', 'IN_PROGRESS', 'WAITING'];

const MAX_HOURS = 24 * 366;

/** `{targets: {URGENT: {firstResponseHours, resolutionHours}, …}}`: every priority, hours above 0, the first answer not after the resolution. */
export function validateSlaSettings(value: unknown): { targets: SlaTargets } {
  if (!isObject(value)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  const unknown = Object.keys(value).find((key) => key !== 'targets');
  if (unknown) throw new ApiError('INVALID_FIELD_IN_BODY', [unknown]);
  if (!isObject(value.targets)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['targets']);
  const targets: SlaTargets = {};
  for (const [priority, target] of Object.entries(value.targets)) {
    const at = `targets.${priority}`;
    if (!(priorities as readonly string[]).includes(priority))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(priority), 'targets']);
    if (!isObject(target)) throw new ApiError('INVALID_OBJECT_FIELD', [at]);
    const extra = Object.keys(target).find((key) => key !== 'firstResponseHours' && key !== 'resolutionHours');
    if (extra) throw new ApiError('INVALID_FIELD_IN_BODY', [`${at}.${extra}`]);
    for (const field of ['firstResponseHours', 'resolutionHours'] as const) {
      const hours = target[field];
      if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0 || hours > MAX_HOURS)
        throw new ApiError('INVALID_POSITIVE_NUMBER_FIELD', [`${at}.${field}`]);
    }
    if ((target.firstResponseHours as number) > (target.resolutionHours as number))
      throw new ApiError('INVALID_FIELD_VALUE', [String(target.firstResponseHours), `${at}.firstResponseHours`]);
    targets[priority] = {
      firstResponseHours: target.firstResponseHours as number,
      resolutionHours: target.resolutionHours as number,
    };
  }
  for (const priority of priorities)
    if (!targets[priority]) throw new ApiError('MISSING_FIELD_IN_BODY', [`targets.${priority}`]);
  return { targets };
}

/** The tenant's targets, or the defaults when it stored none. */
export async function slaTargetsOf(tx: Tx, tenant: string): Promise<SlaTargets> {
  const stored = await readConfiguration<{ targets?: SlaTargets }>(tx, tenant, SLA_SECTION);
  return isObject(stored?.targets) ? { ...defaultSlaTargets, ...stored.targets } : defaultSlaTargets;
}

const HOUR = 3600 * 1000;
const instant = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || !value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
};

/** The due instants of a ticket opened at `openedDate` with `priority`. */
export function dueDates(openedDate: string, priority: unknown, targets: SlaTargets) {
  const target = targets[typeof priority === 'string' && targets[priority] ? priority : DEFAULT_PRIORITY];
  const opened = Date.parse(openedDate);
  return {
    firstResponseDue: new Date(opened + target.firstResponseHours * HOUR).toISOString(),
    resolutionDue: new Date(opened + target.resolutionHours * HOUR).toISOString(),
  };
}

/** Late when done after the due instant, or not done and still open past it at `now`. */
function late(due: number | undefined, done: number | undefined, open: boolean, now: number): boolean {
  if (due === undefined) return false;
  if (done !== undefined) return done > due;
  return open && now > due;
}

/**
 * The ticket with its due instants and breach flags as of `now`. A first answer is the first
 * public reply of the staff; a ticket resolved (or closed) without one counts its resolution.
 */
export function withServiceLevels(doc: Doc, targets: SlaTargets, now: Date): Doc {
  const opened = typeof doc.openedDate === 'string' && doc.openedDate ? doc.openedDate : now.toISOString();
  const due = dueDates(opened, doc.priority, targets);
  const open = openStatuses.includes(String(doc.status ?? 'NEW'));
  const time = now.getTime();
  const answered = instant(doc.firstResponseDate) ?? instant(doc.resolvedDate) ?? instant(doc.closedDate);
  const firstResponseBreached = late(instant(due.firstResponseDue), answered, open, time);
  const resolutionBreached = late(instant(due.resolutionDue), instant(doc.resolvedDate), open, time);
  return {
    ...doc,
    openedDate: opened,
    ...due,
    firstResponseBreached,
    resolutionBreached,
    breached: firstResponseBreached || resolutionBreached,
  };
}
