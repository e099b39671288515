import { useRef, useState } from 'react';
import { Button, Form, Modal, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import type { Row } from '../app/api/data-provider.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { useSession } from '../app/session/session-context.tsx';
import { DateInput } from '../fields/DateInput.tsx';
import type { FormField } from '../fields/form-field.ts';
import { isInvalidInput, localDay } from '../fields/parse.ts';
import { minSearchLength, useRecordSearch } from '../fields/record-search.ts';
import { BatchFollow, SkippedAlert, skippedOf, type SkippedItems } from '../entities/BatchProgress.tsx';
import { request } from '../app/api/client.ts';
import { apiPaths } from '../app/api/data-provider.ts';
import { invoiceKind, type BillingRunAnswer, type runBilling } from './billing-api.ts';

const personKind = entityByName('Person')!;
const dateField: FormField = { name: 'date', type: 'date', label: 'Date' };

/**
 * The run's date as the spec's client sends it (spec 001 §7): the day alone with the
 * `useDateNoTime` setting, otherwise the local midnight of that day as a full ISO time with its
 * offset (whose first ten characters are the same day, which is what the server takes).
 */
export function runDate(
  day: string,
  useDateNoTime: boolean,
  timeZoneOffsetMinutes = new Date(`${day}T00:00:00`).getTimezoneOffset(),
): string {
  if (useDateNoTime) return day;
  const offset = -timeZoneOffsetMinutes;
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day}T00:00:00${offset >= 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** How many invoices a run's answer created, or the batch it went on as. */
export function runOutcome(
  answer: Awaited<ReturnType<typeof runBilling>>,
): { created: number } | { batch: string | undefined; total: number } {
  if (Array.isArray(answer)) return { created: answer.length };
  return { batch: answer.batchRegistration, total: answer.nbTotal };
}

/** What a run in the request skipped, from its answer's headers (x-skipped-count; x-skipped: each contract and its reason). */
export function skippedFromHeaders(headers: Headers): SkippedItems | undefined {
  const count = Number(headers.get('x-skipped-count') ?? 0);
  if (!count) return undefined;
  let listed: { reason?: unknown }[] = [];
  try {
    listed = JSON.parse(decodeURIComponent(headers.get('x-skipped') ?? '[]'));
  } catch {
    listed = [];
  }
  const reasons = new Map<string, number>();
  for (const s of Array.isArray(listed) ? listed : [])
    reasons.set(String(s.reason), (reasons.get(String(s.reason)) ?? 0) + 1);
  return { count, reasons: [...reasons] };
}

/** The run (spec 001 §7), with what it skipped. */
async function runBillingWithSkipped(date: string, organizations: string[]) {
  const res = await request<BillingRunAnswer>('GET', apiPaths.scriptRun('run-billing'), {
    query: { date, organizations: organizations.length ? organizations.join(',') : undefined },
  });
  return { answer: res.data, skipped: skippedFromHeaders(res.headers) };
}

/** The organizations to bill for: persons in the ORGANIZATION role, found after 3 characters. */
function OrganizationsSelect({ value, onChange }: { value: string[]; onChange(next: string[]): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { options, loading } = useRecordSearch(personKind, text, ['ORGANIZATION']);
  const labels = useRef(new Map<string, string>());
  options.forEach((o) => labels.current.set(o.value, o.label));
  return (
    <Select
      mode="multiple"
      allowClear
      value={value}
      loading={loading}
      aria-label={t('Organizations')}
      placeholder={t('All organizations')}
      data-testid="billing-organizations"
      style={{ width: '100%' }}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      notFoundContent={text.trim().length < minSearchLength ? t('Type at least 3 characters') : t('No data')}
      options={[
        ...value
          .filter((v) => !options.some((o) => o.value === v))
          .map((v) => ({ value: v, label: labels.current.get(v) ?? v })),
        ...options,
      ]}
      onChange={(next: string[]) => {
        setText('');
        onChange(next);
      }}
    />
  );
}

/**
 * The Run billing dialog of the invoices list (spec 001 §2.4, §7): a date (today by default) and
 * organizations (all when none). A small run answers its invoices: "{n} invoice(s) created", and
 * the list reloads when there are some. A large one goes on in the background: its batch's
 * progress is shown live, and the list reloads when it ends. Errors go to the client's notifier.
 */
export function RunBillingDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { configuration } = useSession();
  const [day, setDay] = useState<unknown>(() => localDay());
  const [organizations, setOrganizations] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [batch, setBatch] = useState<string>();
  const [ended, setEnded] = useState<Row>();
  const valid = typeof day === 'string' && !isInvalidInput(day);
  const [skippedNow, setSkippedNow] = useState<ReturnType<typeof skippedFromHeaders>>();
  const skipped = skippedOf(ended) ?? skippedNow;

  const reset = () => {
    setBatch(undefined);
    setEnded(undefined);
    setSkippedNow(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };
  const reload = () => kindChanged(queryClient, invoiceKind);

  const run = async () => {
    if (!valid) return;
    setRunning(true);
    reset();
    try {
      const { answer, skipped: left } = await runBillingWithSkipped(
        runDate(day, configuration?.options.useDateNoTime === true),
        organizations,
      );
      const outcome = runOutcome(answer);
      if ('created' in outcome) {
        notify({ level: 'success', message: t('{n} invoice(s) created', { n: outcome.created }) });
        if (outcome.created > 0) void reload();
        // What it skipped stays on screen, with why; else the dialog's work is done.
        if (left) setSkippedNow(left);
        else onClose();
      } else {
        setBatch(outcome.batch);
      }
    } catch {
      // The client has shown the error (spec 001 §8: billing errors go to the generic notifier).
    } finally {
      setRunning(false);
    }
  };

  const batchEnded = (done: Row) => {
    setEnded(done);
    void reload();
    if (done.status === 'SUCCESS' || done.status === 'WARNING') {
      notify({ level: 'success', message: t('{n} invoice(s) created', { n: Number(done.done ?? 0) }) });
    }
  };

  return (
    <Modal
      open={open}
      title={t('Run billing')}
      onCancel={close}
      destroyOnHidden
      maskClosable={!running}
      footer={
        <Space>
          <Button onClick={close}>{batch ? t('Close') : t('Cancel')}</Button>
          {!batch && (
            <Button
              type="primary"
              loading={running}
              disabled={!valid}
              onClick={() => void run()}
              data-testid="run-billing-confirm"
            >
              {t('Run billing')}
            </Button>
          )}
        </Space>
      }
    >
      <Form layout="vertical" component="div" disabled={running || Boolean(batch)}>
        <Form.Item
          label={t('Bill the lines due up to')}
          required
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : t('Invalid date')}
        >
          <DateInput
            field={dateField}
            path="date"
            id="billing-date"
            value={day}
            onChange={setDay}
            onBlur={() => undefined}
            disabled={running || Boolean(batch)}
            invalid={!valid}
            locale={i18n.language}
          />
        </Form.Item>
        <Form.Item label={t('Organizations')}>
          <OrganizationsSelect value={organizations} onChange={setOrganizations} />
        </Form.Item>
      </Form>
      {batch && (
        <BatchFollow
          registration={batch}
          testId="billing-batch"
          backgroundTitle={t('The billing run continues in the background')}
          stoppedTitle={t('The billing run stopped before its end: see its batch')}
          onOpen={close}
          onEnd={batchEnded}
        />
      )}
      {skipped && (
        <SkippedAlert
          skipped={skipped}
          testId="billing-skipped"
          title={t('{n} contract(s) skipped', { n: skipped.count })}
        />
      )}
    </Modal>
  );
}
