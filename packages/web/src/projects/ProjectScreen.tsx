import { Descriptions, Empty, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { dataProvider } from '../app/api/data-provider.ts';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FastLink } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { formatDate, formatNumber } from '../i18n/formats.ts';

const taskKind = entityByName('Task')!;

interface Summary {
  hours: { approved: number; submitted: number; draft: number; rejected: number };
  approvedByUser: { username: string; hours: number }[];
  tasks: { total: number; done: number; open: number };
  milestones: { total: number; done: number; next: { name: string; dueDate: string | null } | null };
}
type TaskRow = { registration: string; subject?: string; name?: string; status: string; dueDate?: string };

/** A project: the generic form (members, milestones…), its summary (hours approved, tasks, milestones) and its tasks. */
export default function ProjectScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <ProjectSummaryCard registration={String(data.registration)} version={Number(data._version)} />}
    </>
  );
}

function ProjectSummaryCard({ registration, version }: { registration: string; version: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const summary = useQuery({
    queryKey: ['project-summary', registration, version],
    queryFn: ({ signal }) =>
      api.get<Summary>(`/api/support/projects/${encodeURIComponent(registration)}/summary`, { signal }),
    refetchOnMount: 'always',
  });
  const query = { project: registration, sort: 'dueDate', range: '[0-99]' };
  const tasks = useQuery({
    queryKey: ['project-tasks', registration, version],
    queryFn: ({ signal }) => dataProvider.list(taskKind, query, { signal }),
    refetchOnMount: 'always',
  });
  const s = summary.data;
  const hours = (n: number) => formatNumber(n, locale, { maximumFractionDigits: 2 });
  return (
    <FormCard title={t('Summary')}>
      {s && (
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="project-summary">
          <Descriptions.Item label={t('Approved hours')}>
            <span data-testid="project-approved-hours">{hours(s.hours.approved)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('Submitted hours')}>{hours(s.hours.submitted)}</Descriptions.Item>
          <Descriptions.Item label={t('Draft hours')}>{hours(s.hours.draft)}</Descriptions.Item>
          <Descriptions.Item label={t('Tasks')}>{t('{done} done of {total}, {open} open', s.tasks)}</Descriptions.Item>
          <Descriptions.Item label={t('Milestones')}>{t('{done} reached of {total}', s.milestones)}</Descriptions.Item>
          <Descriptions.Item label={t('Next milestone')}>
            {s.milestones.next
              ? `${s.milestones.next.name}${s.milestones.next.dueDate ? ` (${formatDate(s.milestones.next.dueDate, locale)})` : ''}`
              : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {s && s.approvedByUser.length > 0 && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="username"
          pagination={false}
          title={() => t('Approved hours by user')}
          dataSource={s.approvedByUser}
          columns={[
            { title: t('User'), dataIndex: 'username' },
            { title: t('Hours'), dataIndex: 'hours', align: 'right', render: hours },
          ]}
        />
      )}
      <Table<TaskRow>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="registration"
        pagination={false}
        title={() => t('Subject and tasks of the project')}
        locale={{ emptyText: <Empty description={t('No task')} /> }}
        dataSource={(tasks.data?.rows ?? []) as TaskRow[]}
        columns={[
          {
            title: t('Subject'),
            dataIndex: 'subject',
            render: (_: unknown, task) => (
              <FastLink to={detailPath(taskKind, task.registration)}>{task.subject ?? task.name}</FastLink>
            ),
          },
          { title: t('Due date'), dataIndex: 'dueDate', render: (d?: string) => (d ? formatDate(d, locale) : '') },
          {
            title: t('Status'),
            dataIndex: 'status',
            render: (_: unknown, task) => <StatusBadge list={taskKind.status} status={task.status} />,
          },
        ]}
      />
    </FormCard>
  );
}
