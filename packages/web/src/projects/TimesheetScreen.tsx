import { useEffect, useMemo, useState } from 'react';
import { Button, Card, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { addDays } from '@lbo/model/values/dates';
import { api } from '../app/api/client.ts';
import { dataProvider } from '../app/api/data-provider.ts';
import { notifySuccess } from '../app/notify.tsx';
import { formatDate, formatNumber } from '../i18n/formats.ts';
import { WeekReviewCard } from './WeekReviewCard.tsx';

const projectKind = entityByName('Project')!;
const path = '/api/support/timesheet';

interface SheetRow {
  projectRegistration: string;
  projectName: string;
  hours: (number | null)[];
  statuses: (string | null)[];
}
interface Sheet {
  week: string;
  days: string[];
  rows: SheetRow[];
  totals: number[];
  total: number;
  status: string;
}

/** The Monday of the week holding `day` (YYYY-MM-DD). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
const today = () => new Date().toISOString().slice(0, 10);
const EDITABLE = new Set(['DRAFT', 'REJECTED']);
const statusLabel: Record<string, string> = {
  EMPTY: 'Empty',
  DRAFT: 'Draft',
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  MIXED: 'Mixed',
};
const statusColor: Record<string, string> = {
  DRAFT: 'default',
  SUBMITTED: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
  MIXED: 'warning',
};

/**
 * `/timesheet`: the signed-in user's week, projects × days (Monday first): hours typed in the
 * cells (decimals), saved, then the week submitted to the approver. A cell whose entry is
 * submitted or approved is read-only. The week is in the URL (`?week=`).
 */
export default function TimesheetScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const week = mondayOf(params.get('week') ?? today());
  const sheet = useQuery({
    queryKey: ['timesheet', week],
    queryFn: ({ signal }) => api.get<Sheet>(`${path}?week=${week}`, { signal }),
  });
  const projects = useQuery({
    queryKey: ['timesheet', 'projects'],
    queryFn: ({ signal }) =>
      dataProvider.list(projectKind, { status: '-COMPLETED,-CANCELLED', sort: 'name', range: '[0-199]' }, { signal }),
  });
  const [edited, setEdited] = useState<SheetRow[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (sheet.data) setEdited(sheet.data.rows.map((r) => ({ ...r, hours: [...r.hours] })));
  }, [sheet.data]);

  const days = sheet.data?.days ?? Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const totals = days.map((_, i) => edited.reduce((s, r) => s + (r.hours[i] ?? 0), 0));
  const total = totals.reduce((s, h) => s + h, 0);
  const status = sheet.data?.status ?? 'EMPTY';
  const addable = useMemo(
    () =>
      ((projects.data?.rows ?? []) as { registration: string; name?: string }[]).filter(
        (p) => !edited.some((r) => r.projectRegistration === p.registration),
      ),
    [projects.data, edited],
  );

  const setCell = (project: string, day: number, value: number | null) =>
    setEdited((rows) =>
      rows.map((r) =>
        r.projectRegistration === project ? { ...r, hours: r.hours.map((h, i) => (i === day ? value : h)) } : r,
      ),
    );

  const save = async () => {
    const body = {
      week,
      rows: edited.map((r) => ({
        projectRegistration: r.projectRegistration,
        hours: r.hours.map((h) => (h === null ? null : Math.round(h * 100) / 100)),
      })),
    };
    const saved = await api.put<Sheet>(path, body);
    queryClient.setQueryData(['timesheet', week], saved);
    return saved;
  };
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notifySuccess(done);
    } finally {
      setBusy(false);
    }
  };

  const go = (days: number) => setParams({ week: addDays(week, days) });
  const rounded = (n: number) => formatNumber(Math.round(n * 100) / 100, locale, { maximumFractionDigits: 2 });

  return (
    <Card
      title={
        <Space>
          <Typography.Text strong>{t('Timesheet')}</Typography.Text>
          <Button size="small" icon={<LeftOutlined />} aria-label={t('Previous week')} onClick={() => go(-7)} />
          <span data-testid="timesheet-week">{t('Week of {date}', { date: formatDate(week, locale) })}</span>
          <Button size="small" icon={<RightOutlined />} aria-label={t('Next week')} onClick={() => go(7)} />
          <Tag color={statusColor[status]} data-testid="timesheet-status">
            {t(statusLabel[status] ?? status)}
          </Tag>
        </Space>
      }
      extra={
        <Space>
          <Button disabled={busy} onClick={() => run(save, t('Timesheet saved'))}>
            {t('Save')}
          </Button>
          <Button
            type="primary"
            disabled={busy || total === 0}
            onClick={() =>
              run(async () => {
                await save();
                queryClient.setQueryData(['timesheet', week], await api.post<Sheet>(`${path}/submit`, { week }));
              }, t('Week submitted'))
            }
          >
            {t('Submit the week')}
          </Button>
        </Space>
      }
    >
      <Table<SheetRow>
        data-testid="timesheet"
        size="small"
        rowKey="projectRegistration"
        pagination={false}
        loading={sheet.isLoading}
        dataSource={edited}
        locale={{ emptyText: t('No project this week: add one below') }}
        columns={[
          { title: t('Project'), dataIndex: 'projectName' },
          ...days.map((day, i) => ({
            key: day,
            title: formatDate(day, locale),
            align: 'right' as const,
            render: (_: unknown, row: SheetRow) => {
              const cellStatus = row.statuses[i];
              return (
                <InputNumber
                  size="small"
                  min={0}
                  max={24}
                  step={0.25}
                  style={{ width: 72 }}
                  aria-label={`${row.projectName} ${day}`}
                  data-testid={`cell-${row.projectRegistration}-${i}`}
                  value={row.hours[i]}
                  disabled={cellStatus !== null && cellStatus !== undefined && !EDITABLE.has(cellStatus)}
                  onChange={(value) => setCell(row.projectRegistration, i, typeof value === 'number' ? value : null)}
                />
              );
            },
          })),
          {
            key: 'total',
            title: t('Total'),
            align: 'right' as const,
            render: (_: unknown, row: SheetRow) => rounded(row.hours.reduce<number>((s, h) => s + (h ?? 0), 0)),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('Total')}</Table.Summary.Cell>
            {totals.map((h, i) => (
              <Table.Summary.Cell key={days[i]} index={i + 1} align="right">
                {rounded(h)}
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={8} align="right">
              <span data-testid="timesheet-total">{rounded(total)}</span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Select
        style={{ marginTop: 12, minWidth: 280 }}
        placeholder={t('Add a project')}
        aria-label={t('Add a project')}
        value={null}
        showSearch
        optionFilterProp="label"
        options={addable.map((p) => ({ value: p.registration, label: p.name ?? p.registration }))}
        onChange={(registration: string) => {
          const project = addable.find((p) => p.registration === registration);
          setEdited((rows) => [
            ...rows,
            {
              projectRegistration: registration,
              projectName: project?.name ?? registration,
              hours: Array(7).fill(null),
              statuses: Array(7).fill(null),
            },
          ]);
        }}
      />
      <WeekReviewCard week={week} />
    </Card>
  );
}
