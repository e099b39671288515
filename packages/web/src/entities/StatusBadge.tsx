import './status-tag.css';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';

/** Colour families of statuses before the workflow's tones are loaded (spec 001 §4). */
const colours: [RegExp, string][] = [
  [
    /^(ACTIVE|APPROVED|ACCEPTED|VALIDATED|PAID|COMPLETED|WON|SUCCESS|ENABLED|SIGNED|SETTLED|RESOLVED|EXECUTED|MATCHED|RECONCILED|PROCESSED|DELIVERED|SENT|ALLOCATED|COMMITTED)$/,
    'success',
  ],
  [/^(REJECTED|CANCELLED|ERROR|LOST|FAILED|REFUSED|BLOCKED|SCRAPPED|ROLLED_BACK)$/, 'error'],
  [
    /^(SUBMITTED|PENDING|WARNING|SUSPENDED|WAITING|ESCALATED|ON_HOLD|PARTIALLY_\w+|ISSUED|REQUESTED|SCHEDULED|UNDER_REVIEW|DECLARED|CALLED)$/,
    'warning',
  ],
  [/^(IN_PROGRESS|PROCESSING|FETCHING|ORDERED|IMPORTED|RECEIVED|UPLOADED|DISBURSED|TRANSFERRED|NEW)$/, 'processing'],
  [/^(TERMINATED|CLOSED|EXPIRED|ARCHIVED|STOPPED|INACTIVE|DISABLED|RETURNED|SOLD|REPAID|APPLIED|RELEASED)$/, 'default'],
];

export const statusColour = (status: string) => colours.find(([pattern]) => pattern.test(status))?.[1] ?? 'default';

/** A status tag with a label already known: a plain span, no hooks (tables render many). */
export function StatusTag({ status, label, tone }: { status: string; label: string; tone?: string }) {
  return (
    <span className="lbo-status" data-tone={tone ?? statusColour(status)} data-status={status}>
      {label}
    </span>
  );
}

/** A status as a coloured badge with its label from the entity's status list. */
export function StatusBadge({ status, list, tone }: { status: unknown; list?: string | false; tone?: string }) {
  const { options, loading } = useListOptions(list || undefined);
  if (typeof status !== 'string' || !status) return null;
  return <StatusTag status={status} label={optionLabel(options, status, !loading)} tone={tone} />;
}
