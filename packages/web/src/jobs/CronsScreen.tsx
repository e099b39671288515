import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { notify } from '../app/notify.tsx';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { formatDateTime } from '../i18n/formats.ts';

/** A cron as the tenant's `cron-list` keeps it. */
interface Cron {
  name: string;
  cron: string;
  job: string;
  parameters: Record<string, unknown>;
  timeZone: string;
  enabled: boolean;
}
/** As `GET /api/core/crons` shows it. */
interface CronRow extends Cron {
  nextRun: string | null;
  lastRun: string | null;
  lastBatchRegistration: string | null;
  lastBatchStatus: string | null;
}

const cronsKey = ['crons'] as const;
const batchKind = entityByName('Batch')!;
const listPath = '/api/core/tenant-configuration/cron-list';
const stored = ({ name, cron, job, parameters, timeZone, enabled }: Cron): Cron => ({
  name,
  cron,
  job,
  parameters,
  timeZone,
  enabled,
});

interface CronForm {
  name: string;
  cron: string;
  job: string;
  timeZone: string;
  parameters: string;
  enabled: boolean;
}

/**
 * `/crons` (spec 000 §2.2): the tenant's recurring jobs — when each runs next, its last batch and
 * how it ended — edited here as the `cron-list` configuration, run now on demand.
 */
export default function CronsScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const jobs = useListOptions('batchType');
  const crons = useQuery({
    queryKey: cronsKey,
    queryFn: ({ signal }) => api.get<CronRow[]>('/api/core/crons', { signal }),
    refetchInterval: 10_000,
  });
  const [editing, setEditing] = useState<{ index: number; initial: CronForm } | undefined>();
  const [form] = Form.useForm<CronForm>();
  const rows = crons.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: cronsKey });

  const save = useMutation({
    mutationFn: (list: Cron[]) => api.put<Cron[]>(listPath, list),
    onSuccess: () => {
      setEditing(undefined);
      void refresh();
    },
  });
  const runNow = useMutation({
    mutationFn: (name: string) => api.post<{ registration: string }>(`/api/core/crons/${encodeURIComponent(name)}/run`),
    onSuccess: (batch) => {
      notify({ level: 'success', message: t('Batch {registration} started', { registration: batch.registration }) });
      void refresh();
    },
  });

  const replaced = (index: number, cron?: Cron) => {
    const list = rows.map(stored);
    if (!cron) list.splice(index, 1);
    else if (index < list.length) list[index] = cron;
    else list.push(cron);
    return list;
  };
  const open = (index: number) => {
    const row = rows[index];
    const initial: CronForm = row
      ? {
          name: row.name,
          cron: row.cron,
          job: row.job,
          timeZone: row.timeZone,
          parameters: JSON.stringify(row.parameters ?? {}, null, 2),
          enabled: row.enabled,
        }
      : {
          name: '',
          cron: '0 6 1 * *',
          job: 'BILLING',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          parameters: '{}',
          enabled: true,
        };
    form.setFieldsValue(initial);
    setEditing({ index, initial });
  };
  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(
      replaced(editing!.index, {
        name: values.name.trim(),
        cron: values.cron.trim(),
        job: values.job,
        timeZone: values.timeZone.trim() || 'UTC',
        parameters: JSON.parse(values.parameters || '{}') as Record<string, unknown>,
        enabled: values.enabled,
      }),
    );
  };

  return (
    <div data-testid="crons" data-list-state={crons.isFetching ? 'loading' : 'ready'}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={3}>{t('Scheduled jobs')}</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(rows.length)}>
          {t('Add a scheduled job')}
        </Button>
      </Space>
      {crons.error ? <Alert type="error" title={t('The scheduled jobs could not be read')} /> : null}
      <Table<CronRow>
        rowKey="name"
        size="small"
        pagination={false}
        loading={crons.isLoading}
        dataSource={rows}
        columns={[
          { key: 'name', title: t('Name'), dataIndex: 'name' },
          { key: 'job', title: t('Job'), render: (_, row) => optionLabel(jobs.options, row.job, !jobs.loading) },
          { key: 'cron', title: t('Schedule'), render: (_, row) => <code>{row.cron}</code> },
          { key: 'timeZone', title: t('Time zone'), dataIndex: 'timeZone' },
          {
            key: 'enabled',
            title: t('Enabled'),
            render: (_, row, index) => (
              <Switch
                size="small"
                checked={row.enabled}
                loading={save.isPending}
                aria-label={t('Enabled')}
                onChange={(enabled) => save.mutate(replaced(index, { ...stored(row), enabled }))}
              />
            ),
          },
          {
            key: 'nextRun',
            title: t('Next run'),
            render: (_, row) => (row.nextRun ? formatDateTime(row.nextRun, i18n.language) : '—'),
          },
          {
            key: 'lastRun',
            title: t('Last run'),
            render: (_, row) => (row.lastRun ? formatDateTime(row.lastRun, i18n.language) : '—'),
          },
          {
            key: 'lastBatch',
            title: t('Last batch'),
            render: (_, row) =>
              row.lastBatchRegistration ? (
                <Space>
                  <Link to={`/batch/${row.lastBatchRegistration}`}>{row.lastBatchRegistration}</Link>
                  <StatusBadge status={row.lastBatchStatus} list={batchKind.status} />
                </Space>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, row, index) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<PlayCircleOutlined />}
                  loading={runNow.isPending && runNow.variables === row.name}
                  onClick={() => runNow.mutate(row.name)}
                >
                  {t('Run now')}
                </Button>
                <Button size="small" icon={<EditOutlined />} aria-label={t('Edit')} onClick={() => open(index)} />
                <Popconfirm title={t('Delete this scheduled job?')} onConfirm={() => save.mutate(replaced(index))}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={t('Scheduled job')}
        onCancel={() => setEditing(undefined)}
        onOk={() => void submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={editing?.initial}>
          <Form.Item
            name="name"
            label={t('Name')}
            rules={[
              {
                required: true,
                pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
                message: t('Letters, digits, dots, dashes and underscores'),
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="job" label={t('Job')} rules={[{ required: true }]}>
            <Select options={jobs.options} />
          </Form.Item>
          <Form.Item
            name="cron"
            label={t('Schedule')}
            extra={t('Minute hour day month weekday, e.g. 0 6 1 * * for the 1st of each month at 06:00')}
            rules={[{ required: true }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="timeZone" label={t('Time zone')}>
            <Input />
          </Form.Item>
          <Form.Item
            name="parameters"
            label={t('Parameters')}
            extra={
              <>
                {t('A JSON object; for a billing:')} <code>{'{"organizations": "ORG000001", "daysAhead": 10}'}</code>
              </>
            }
            rules={[
              {
                validator: async (_, value: string) => {
                  if (value) JSON.parse(value);
                },
                message: t('Not valid JSON'),
              },
            ]}
          >
            <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('Enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
