import { useState } from 'react';
import { Button, Form, Modal, Segmented, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Row } from '../app/api/data-provider.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { DateInput } from '../fields/DateInput.tsx';
import type { FormField } from '../fields/form-field.ts';
import { isInvalidInput, localDay } from '../fields/parse.ts';
import { BatchFollow, SkippedAlert, skippedOf } from '../entities/BatchProgress.tsx';
import {
  generatePaymentFiles,
  paymentFileKind,
  paymentFileLineKind,
  versionsOf,
  type PaymentFileType,
} from './payment-files-api.ts';

const dateField: FormField = { name: 'dueUntil', type: 'date', label: 'Due until' };

/**
 * The Generate dialog of the payment files list: direct debits (pain.008, CORE or B2B) of the
 * receivable invoices or transfers (pain.001) of the payable ones, due by a day, in a message
 * version. The generation runs in the background: its batch's progress is shown live and the
 * list reloads when it ends.
 */
export function GeneratePaymentFilesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<PaymentFileType>('SEPA_DIRECT_DEBIT');
  const [version, setVersion] = useState(versionsOf.SEPA_DIRECT_DEBIT[0]);
  const [scheme, setScheme] = useState<'CORE' | 'B2B'>('CORE');
  const [day, setDay] = useState<unknown>(() => localDay());
  const [running, setRunning] = useState(false);
  const [batch, setBatch] = useState<string>();
  const [ended, setEnded] = useState<Row>();
  const skipped = skippedOf(ended);
  const valid = typeof day === 'string' && day !== '' && !isInvalidInput(day);

  const close = () => {
    setBatch(undefined);
    setEnded(undefined);
    onClose();
  };
  const chooseType = (next: PaymentFileType) => {
    setType(next);
    setVersion(versionsOf[next][0]);
  };

  const generate = async () => {
    if (!valid) return;
    setRunning(true);
    try {
      const answer = await generatePaymentFiles({
        type,
        version,
        dueUntil: day as string,
        ...(type === 'SEPA_DIRECT_DEBIT' ? { scheme } : {}),
      });
      setBatch(String(answer.registration));
    } catch {
      // The client has shown the error.
    } finally {
      setRunning(false);
    }
  };

  const batchEnded = (done: Row) => {
    setEnded(done);
    void kindChanged(queryClient, paymentFileKind);
    void kindChanged(queryClient, paymentFileLineKind);
    if (done.status === 'SUCCESS' || done.status === 'WARNING')
      notify({ level: 'success', message: t('{n} line(s) in the payment files', { n: Number(done.done ?? 0) }) });
  };

  return (
    <Modal
      open={open}
      title={t('Generate payment files')}
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
              onClick={() => void generate()}
              data-testid="generate-payment-files-confirm"
            >
              {t('Generate')}
            </Button>
          )}
        </Space>
      }
    >
      <Form layout="vertical" component="div" disabled={running || Boolean(batch)}>
        <Form.Item label={t('Kind of file')}>
          <Segmented
            value={type}
            onChange={(v) => chooseType(v as PaymentFileType)}
            data-testid="payment-file-type"
            options={[
              { value: 'SEPA_DIRECT_DEBIT', label: t('Direct debits (pain.008)') },
              { value: 'SEPA_CREDIT_TRANSFER', label: t('Credit transfers (pain.001)') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('Message version')}>
          <Select
            value={version}
            onChange={setVersion}
            aria-label={t('Message version')}
            data-testid="payment-file-version"
            options={versionsOf[type].map((v) => ({ value: v, label: v }))}
          />
        </Form.Item>
        {type === 'SEPA_DIRECT_DEBIT' && (
          <Form.Item label={t('SEPA scheme')}>
            <Segmented
              value={scheme}
              onChange={(v) => setScheme(v as 'CORE' | 'B2B')}
              options={[
                { value: 'CORE', label: 'CORE' },
                { value: 'B2B', label: 'B2B' },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('Invoices due up to')}
          required
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : t('Invalid date')}
        >
          <DateInput
            field={dateField}
            path="dueUntil"
            id="payment-files-due-until"
            value={day}
            onChange={setDay}
            onBlur={() => undefined}
            disabled={running || Boolean(batch)}
            invalid={!valid}
            locale={i18n.language}
          />
        </Form.Item>
      </Form>
      {batch && (
        <BatchFollow
          registration={batch}
          testId="payment-files-batch"
          backgroundTitle={t('The payment files are generated in the background')}
          stoppedTitle={t('The generation stopped before its end: see its batch')}
          onOpen={close}
          onEnd={batchEnded}
        >
          {skipped && (
            <SkippedAlert
              skipped={skipped}
              testId="payment-files-skipped"
              title={t('{n} invoice(s) left out', { n: skipped.count })}
            />
          )}
        </BatchFollow>
      )}
    </Modal>
  );
}
