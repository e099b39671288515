import { useState } from 'react';
import { Button, Form, Modal, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { kindChanged } from '../app/api/data-hooks.ts';
import { DateInput } from '../fields/DateInput.tsx';
import type { FormField } from '../fields/form-field.ts';
import { isInvalidInput, localDay } from '../fields/parse.ts';
import { BatchFollow } from '../entities/BatchProgress.tsx';
import { invoiceKind, runDunning } from './billing-api.ts';

const dateField: FormField = { name: 'date', type: 'date', label: 'Date' };

/**
 * The Run dunning dialog of the invoices list (docs/api.md "Dunning"): the day the days late are
 * counted to (today by default, any other day on purpose: a run as of the month's end). The run
 * is a background batch whose progress is shown live; the list reloads when it ends.
 */
export function RunDunningDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [day, setDay] = useState<unknown>(() => localDay());
  const [running, setRunning] = useState(false);
  const [batch, setBatch] = useState<string>();
  const valid = typeof day === 'string' && !isInvalidInput(day);

  const close = () => {
    setBatch(undefined);
    onClose();
  };
  const run = async () => {
    if (!valid) return;
    setRunning(true);
    try {
      setBatch(String((await runDunning(day)).batchRegistration));
    } catch {
      // The client has shown the server's message.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('Run dunning')}
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
              data-testid="run-dunning-confirm"
            >
              {t('Run dunning')}
            </Button>
          )}
        </Space>
      }
    >
      <Form layout="vertical" component="div" disabled={running || Boolean(batch)}>
        <Form.Item
          label={t('Count the days late up to')}
          required
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : t('Invalid date')}
        >
          <DateInput
            field={dateField}
            path="date"
            id="dunning-date"
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
          testId="dunning-batch"
          backgroundTitle={t('The dunning run continues in the background')}
          stoppedTitle={t('The dunning run stopped before its end: see its batch')}
          onOpen={close}
          onEnd={() => void kindChanged(queryClient, invoiceKind)}
        />
      )}
    </Modal>
  );
}
