import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { dataProvider } from '../app/api/data-provider.ts';
import { notifySuccess } from '../app/notify.tsx';
import { formatDate, formatNumber } from '../i18n/formats.ts';

const userKind = entityByName('User')!;
const path = '/api/support/timesheet';

interface Sheet {
  week: string;
  days: string[];
  rows: { projectRegistration: string; projectName: string; hours: (number | null)[] }[];
  total: number;
  status: string;
}

/**
 * A manager's review of a user's week (shown under the timesheet): the user's grid, read-only,
 * and Approve / Reject for its submitted entries. The server refuses whoever may not approve time.
 */
export function WeekReviewCard({ week }: { week: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const queryClient = useQueryClient();
  const [username, setUsername] = useState<string>();
  const [busy, setBusy] = useState(false);
  const users = useQuery({
    queryKey: ['timesheet', 'users'],
    queryFn: ({ signal }) => dataProvider.list(userKind, { sort: 'registration', range: '[0-199]' }, { signal }),
  });
  const sheet = useQuery({
    queryKey: ['timesheet', week, username],
    queryFn: ({ signal }) =>
      api.get<Sheet>(`${path}?week=${week}&username=${encodeURIComponent(username!)}`, { signal }),
    enabled: Boolean(username),
    retry: false,
  });
  const decide = async (decision: 'APPROVE' | 'REJECT') => {
    setBusy(true);
    try {
      await api.post(`${path}/review`, { username, week, decision });
      notifySuccess(decision === 'APPROVE' ? t('Week approved') : t('Week rejected'));
      await queryClient.invalidateQueries({ queryKey: ['timesheet'] });
    } finally {
      setBusy(false);
    }
  };
  const submitted = sheet.data?.status === 'SUBMITTED' || sheet.data?.status === 'MIXED';
  const hours = (h: number | null) => (h === null ? '' : formatNumber(h, locale, { maximumFractionDigits: 2 }));
  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={t("Review a user's week")}
      extra={
        <Space>
          <Select
            style={{ minWidth: 240 }}
            placeholder={t('User')}
            aria-label={t('User')}
            showSearch
            value={username}
            onChange={setUsername}
            options={((users.data?.rows ?? []) as { registration: string }[]).map((u) => ({
              value: u.registration,
              label: u.registration,
            }))}
          />
          {sheet.data && <Tag data-testid="review-status">{sheet.data.status}</Tag>}
          <Button type="primary" disabled={busy || !submitted} onClick={() => decide('APPROVE')}>
            {t('Approve the week')}
          </Button>
          <Button danger disabled={busy || !submitted} onClick={() => decide('REJECT')}>
            {t('Reject the week')}
          </Button>
        </Space>
      }
    >
      {sheet.data && (
        <Table
          size="small"
          rowKey="projectRegistration"
          pagination={false}
          dataSource={sheet.data.rows}
          columns={[
            { title: t('Project'), dataIndex: 'projectName' },
            ...sheet.data.days.map((day, i) => ({
              key: day,
              title: formatDate(day, locale),
              align: 'right' as const,
              render: (_: unknown, row: Sheet['rows'][number]) => hours(row.hours[i]),
            })),
          ]}
        />
      )}
    </Card>
  );
}
