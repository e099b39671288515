import { defineWorkflow, type TransitionInput, type WorkflowDefinition } from './workflow.ts';

/**
 * The lifecycle of a kind nobody described, read from its status list: the list gives the
 * usual path in order and puts exits last (lists/statuses.ts). Statuses are sorted into
 *   exits   – ends that are not a success (cancelled, rejected, …): reachable from every open status;
 *   pauses  – suspensions (suspended, inactive, on hold, …): entered from the path status listed
 *             before them and resumed back to it;
 *   the path – everything else, walked forward one step at a time; the second step can be undone.
 */
export const exitStatuses = new Set([
  'CANCELLED',
  'REJECTED',
  'REFUSED',
  'LOST',
  'DISQUALIFIED',
  'WITHDRAWN',
  'WRITTEN_OFF',
  'IGNORED',
  'FAILED',
  'BOUNCED',
  'REVOKED',
  'ROLLED_BACK',
  'ERROR',
  'SCRAPPED',
  'NOT_INTERESTED',
  'UNSUBSCRIBED',
  'DEPRECATED',
]);
export const pauseStatuses = new Set([
  'SUSPENDED',
  'INACTIVE',
  'ON_HOLD',
  'WAITING',
  'BLOCKED',
  'LOCKED',
  'DISABLED',
  'STOPPED',
]);

/** The usual verb that leads to a status (`APPROVED` ← `APPROVE`). */
const verbTo: Record<string, string> = {
  SUBMITTED: 'SUBMIT',
  APPROVED: 'APPROVE',
  ACCEPTED: 'ACCEPT',
  VALIDATED: 'VALIDATE',
  ACTIVE: 'ACTIVATE',
  ENABLED: 'ENABLE',
  PUBLISHED: 'PUBLISH',
  SCHEDULED: 'SCHEDULE',
  IN_PROGRESS: 'START',
  OPEN: 'OPEN',
  COMPLETED: 'COMPLETE',
  DONE: 'COMPLETE',
  CLOSED: 'CLOSE',
  ARCHIVED: 'ARCHIVE',
  TERMINATED: 'TERMINATE',
  EXPIRED: 'EXPIRE',
  ISSUED: 'ISSUE',
  PAID: 'PAY',
  SENT: 'SEND',
  SIGNED: 'SIGN',
  SETTLED: 'SETTLE',
  EXECUTED: 'EXECUTE',
  APPLIED: 'APPLY',
  PROCESSING: 'PROCESS',
  RESOLVED: 'RESOLVE',
  RECEIVED: 'RECEIVE',
  REQUESTED: 'REQUEST',
  IMPORTED: 'IMPORT',
  GENERATED: 'GENERATE',
  INVOICED: 'INVOICE',
  ORDERED: 'ORDER',
  DELIVERED: 'DELIVER',
  RETURNED: 'RETURN',
  SOLD: 'SELL',
  TRANSFERRED: 'TRANSFER',
  EXPORTED: 'EXPORT',
  REVERSED: 'REVERSE',
  CANCELLED: 'CANCEL',
  REJECTED: 'REJECT',
  REFUSED: 'REFUSE',
  LOST: 'MARK_LOST',
  DISQUALIFIED: 'DISQUALIFY',
  WITHDRAWN: 'WITHDRAW',
  WRITTEN_OFF: 'WRITE_OFF',
  IGNORED: 'IGNORE',
  FAILED: 'FAIL',
  ERROR: 'FAIL',
  REVOKED: 'REVOKE',
  SCRAPPED: 'SCRAP',
  DEPRECATED: 'DEPRECATE',
  UNSUBSCRIBED: 'UNSUBSCRIBE',
  SUSPENDED: 'SUSPEND',
  INACTIVE: 'DEACTIVATE',
  ON_HOLD: 'HOLD',
  WAITING: 'WAIT',
  BLOCKED: 'BLOCK',
  LOCKED: 'LOCK',
  DISABLED: 'DISABLE',
  STOPPED: 'STOP',
};
const resumeVerb: Record<string, string> = {
  INACTIVE: 'REACTIVATE',
  BLOCKED: 'UNBLOCK',
  LOCKED: 'UNLOCK',
  DISABLED: 'ENABLE',
};

const verb = (status: string) => verbTo[status] ?? `TO_${status}`;

export function genericWorkflow(entity: string, statusList: string, statuses: readonly string[]): WorkflowDefinition {
  const path = statuses.filter((s, i) => i === 0 || (!exitStatuses.has(s) && !pauseStatuses.has(s)));
  const pauses = statuses.filter((s, i) => i > 0 && pauseStatuses.has(s));
  const exits = statuses.filter((s, i) => i > 0 && exitStatuses.has(s));
  const anchorOf = (pause: string) =>
    [...path].reverse().find((s) => statuses.indexOf(s) < statuses.indexOf(pause)) ?? path[0];
  const open = path.length > 1 ? path.slice(0, -1) : path;
  const transitions: TransitionInput[] = [];
  path.slice(1).forEach((to, i) => {
    const from = [path[i], ...pauses.filter((p) => anchorOf(p) === path[i])];
    transitions.push({ code: verb(to), from, to, action: i === path.length - 2 ? 'COMPLETE' : 'DO' });
  });
  if (path.length > 2)
    transitions.push({
      code: 'UNDO',
      label: 'Back',
      icon: 'RollbackOutlined',
      from: path[1],
      to: path[0],
      action: 'UNDO',
    });
  for (const pause of pauses) {
    transitions.push({ code: verb(pause), from: anchorOf(pause), to: pause });
    transitions.push({ code: resumeVerb[pause] ?? 'RESUME', from: pause, to: anchorOf(pause), action: 'CONTINUE' });
  }
  for (const exit of exits)
    transitions.push({ code: verb(exit), from: [...open, ...pauses], to: exit, pullRight: true });
  // Two statuses may share a verb (FAILED and ERROR): the second names its target.
  const seen = new Set<string>();
  for (const tr of transitions) {
    if (seen.has(tr.code)) tr.code = `${tr.code}_${tr.to}`;
    seen.add(tr.code);
  }
  return defineWorkflow(entity, statusList, statuses, transitions);
}
