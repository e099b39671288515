import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { dataProvider, queryKeys, type Row } from '../app/api/data-provider.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { formatNumber } from '../i18n/formats.ts';
import { detailPath } from './entity-fields.ts';

/**
 * A background batch (spec 000 §4 process statuses: the job queue's record of a billing run, a
 * payment-file generation, an import…), read while it runs: any domain that starts one follows it here.
 */
export const batchKind = entityByName('Batch')!;

/** A batch is under way while FETCHING or PROCESSING; its other statuses are ends or pauses. */
export const batchUnderWay = (status: unknown) => status === 'FETCHING' || status === 'PROCESSING';
/** How often a batch under way is read again. */
export const BATCH_POLL_MS = 1_500;

/** A batch read again every 1.5 s while it runs (and not after, nor once its screen is gone). */
export function useBatchProgress(registration: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.kind(batchKind), 'progress', registration],
    queryFn: ({ signal }) => dataProvider.get<Row>(batchKind, registration!, { signal, silent: true }),
    enabled: Boolean(registration),
    refetchInterval: (query) => (!query.state.data || batchUnderWay(query.state.data.status) ? BATCH_POLL_MS : false),
  });
}

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * A batch's progress (spec 000 §4 process statuses): done of total while it runs, full once it
 * succeeded. A run that ends before its total (a billing run counts invoices made from the due
 * elements) is still shown full when it succeeded.
 */
export function batchPercent(batch: Row | undefined): number {
  if (!batch) return 0;
  if (batch.status === 'SUCCESS' || batch.status === 'WARNING') return 100;
  const total = number(batch.total);
  return total > 0 ? Math.min(99, Math.floor((number(batch.done) / total) * 100)) : 0;
}

const progressStatus = (status: unknown) =>
  status === 'ERROR'
    ? 'exception'
    : status === 'SUCCESS' || status === 'WARNING'
      ? 'success'
      : batchUnderWay(status)
        ? 'active'
        : 'normal';

/** The bar of a batch as read (no reading of its own). */
export function BatchBar({ batch, size = 'default' }: { batch: Row | undefined; size?: 'small' | 'default' }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      data-testid="batch-progress"
      data-status={String(batch?.status ?? '')}
      data-done={number(batch?.done)}
      data-total={number(batch?.total)}
    >
      <Progress
        percent={batchPercent(batch)}
        status={progressStatus(batch?.status)}
        size={size === 'small' ? 'small' : undefined}
      />
      {size !== 'small' && (
        <Flex gap={8} align="center" wrap>
          <StatusBadge status={batch?.status} list={batchKind.status} />
          <Typography.Text type="secondary">
            {t('{done} of {total} done', {
              done: formatNumber(number(batch?.done), i18n.language),
              total: formatNumber(number(batch?.total), i18n.language),
            })}
          </Typography.Text>
        </Flex>
      )}
    </div>
  );
}

/**
 * A background batch followed live: read every 1.5 s while FETCHING or PROCESSING, then once
 * more; `onEnd` is called once when it leaves those statuses (succeeded, failed or stopped).
 */
export function BatchProgress({ registration, onEnd }: { registration: string; onEnd?(batch: Row): void }) {
  const { data } = useBatchProgress(registration);
  const ended = useRef(false);
  const latestOnEnd = useRef(onEnd);
  latestOnEnd.current = onEnd;
  useEffect(() => {
    if (!data || batchUnderWay(data.status) || ended.current) return;
    ended.current = true;
    latestOnEnd.current?.(data);
  }, [data]);
  return <BatchBar batch={data} />;
}

/** What a run left out, and why: how many, and how many for each reason. */
export interface SkippedItems {
  count: number;
  reasons: [string, number][];
}

/** What a run left out and why, from its batch's result (`skipped`: how many, how many for each reason). */
export function skippedOf(batch: Row | undefined): SkippedItems | undefined {
  const skipped = (batch?.result as { skipped?: { count?: unknown; reasons?: Record<string, unknown> } } | undefined)
    ?.skipped;
  if (!skipped || !Number(skipped.count)) return undefined;
  return {
    count: Number(skipped.count),
    reasons: Object.entries(skipped.reasons ?? {}).map(([r, n]) => [r, Number(n)]),
  };
}

/** The warning of a run that left items out, each reason with its count. */
export function SkippedAlert({ skipped, title, testId }: { skipped: SkippedItems; title: string; testId: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 12 }}
      data-testid={testId}
      title={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {skipped.reasons.map(([reason, n]) => (
            <li key={reason}>{`${n} × ${reason}`}</li>
          ))}
        </ul>
      }
    />
  );
}

interface BatchFollowProps {
  registration: string;
  testId: string;
  /** Says the run goes on in the background. */
  backgroundTitle: string;
  /** Says the run stopped before its end (ERROR, stopped). */
  stoppedTitle: string;
  /** The link to the batch was followed (the dialog closes). */
  onOpen(): void;
  onEnd?(batch: Row): void;
  /** What the run adds once ended (what it left out). */
  children?: ReactNode;
}

/**
 * A run dialog's background batch: a link to it, its progress live, and a warning when it
 * stopped before its end. The billing run, the dunning run and the payment-file generation follow their batch so.
 */
export function BatchFollow({
  registration,
  testId,
  backgroundTitle,
  stoppedTitle,
  onOpen,
  onEnd,
  children,
}: BatchFollowProps) {
  const { t } = useTranslation();
  const [ended, setEnded] = useState<Row>();
  return (
    <div data-testid={testId}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={backgroundTitle}
        description={
          <Link to={detailPath(batchKind, registration)} onClick={onOpen}>
            {t('Open batch {registration}', { registration })}
          </Link>
        }
      />
      <BatchProgress
        registration={registration}
        onEnd={(batch) => {
          setEnded(batch);
          onEnd?.(batch);
        }}
      />
      {ended && ended.status !== 'SUCCESS' && ended.status !== 'WARNING' && (
        <Alert type="warning" style={{ marginTop: 12 }} title={stoppedTitle} />
      )}
      {children}
    </div>
  );
}
