import { useMemo, useState } from 'react';
import { Alert, Modal, Radio, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../app/api/api-failure.ts';
import { request } from '../app/api/client.ts';
import { conflictFields, defaultChoices, mergedChange, type Side } from './conflict.ts';
import { kindLabelOf, queueRoutes } from './queue.ts';
import { isConflict, type Conflict } from './sync.ts';

const shown = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * A change made offline on a record the server changed meanwhile: both versions side by side,
 * field by field (theirs: the server's now; mine: what I changed), a choice per field; the
 * choice is sent as a new change on the server's version (`If-Match`). Another change on the
 * server in between answers 412 again: the dialog then shows the newer version.
 */
export function ConflictDialog({ conflict, onSettled }: { conflict: Conflict; onSettled: () => void }) {
  const { t } = useTranslation();
  const [theirs, setTheirs] = useState(conflict.theirs);
  const mine = (conflict.entry.data ?? {}) as Record<string, unknown>;
  const fields = useMemo(() => conflictFields(conflict.entry.base, mine, theirs), [conflict, mine, theirs]);
  const [choices, setChoices] = useState<Record<string, Side>>(() => defaultChoices(fields));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const kind = t(kindLabelOf(conflict.entry.key));
  const registration = String(theirs.registration ?? conflict.entry.registration ?? '');
  const save = async () => {
    setSaving(true);
    setError(undefined);
    const change = mergedChange(fields, choices);
    const path = `${queueRoutes[conflict.entry.key]}/${encodeURIComponent(registration)}`;
    try {
      if (Object.keys(change).length)
        await request('PATCH', path, {
          body: change,
          ifMatch: typeof theirs._version === 'number' ? theirs._version : undefined,
          direct: true,
          silent: true,
        });
      onSettled();
    } catch (failure) {
      if (failure instanceof ApiFailure && isConflict(failure)) {
        const { data } = await request<Record<string, unknown>>('GET', path, { direct: true, silent: true });
        setTheirs(data);
        setError(t('The record changed again on the server: here is its latest version.'));
      } else
        setError(failure instanceof ApiFailure ? (failure.body.message ?? String(failure.status)) : String(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={860}
      title={t('{kind} {registration} was changed on the server while you were offline', { kind, registration })}
      okText={t('Save my choices')}
      cancelText={t('Keep the server version')}
      onOk={save}
      onCancel={onSettled}
      confirmLoading={saving}
      maskClosable={false}
      data-testid="offline-conflict"
    >
      <Typography.Paragraph>
        {t('Choose, field by field, which value to keep: the one on the server now, or yours.')}
      </Typography.Paragraph>
      {error && <Alert type="warning" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Table
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={fields}
        columns={[
          { title: t('Field'), dataIndex: 'field', render: (field: string) => t(field) },
          {
            title: t('On the server (theirs)'),
            key: 'theirs',
            render: (_: unknown, row) => (
              <Radio
                checked={choices[row.field] === 'theirs'}
                onChange={() => setChoices({ ...choices, [row.field]: 'theirs' })}
                data-testid={`theirs-${row.field}`}
              >
                {shown(row.theirs)}
              </Radio>
            ),
          },
          {
            title: t('Yours (mine)'),
            key: 'mine',
            render: (_: unknown, row) => (
              <Radio
                checked={choices[row.field] === 'mine'}
                onChange={() => setChoices({ ...choices, [row.field]: 'mine' })}
                data-testid={`mine-${row.field}`}
              >
                {shown(row.mine)}
                {row.clash ? '' : ` (${t('unchanged on the server')})`}
              </Radio>
            ),
          },
        ]}
      />
    </Modal>
  );
}
