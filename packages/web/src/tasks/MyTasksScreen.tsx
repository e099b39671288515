import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Space, Table, Tag, Typography } from 'antd';
import { CalendarOutlined, HomeOutlined } from '@ant-design/icons';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { dataProvider } from '../app/api/data-provider.ts';
import { notifySuccess } from '../app/notify.tsx';
import { useSession } from '../app/session/session-context.tsx';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { formatDate } from '../i18n/formats.ts';
import { moveTask, useMyTasks, useTaskRefresh, type Task } from './task-api.ts';

const taskKind = entityByName('Task')!;
export const myTasksPath = '/my-tasks';
const LANDING_PAGE = 'LANDING_PAGE';

/**
 * `/my-tasks`: the signed-in user's open tasks (theirs and their teams'), by due date, overdue
 * ones counted in red and marked; ticked done in place; the user may make it their landing page
 * (their LANDING_PAGE preference, which the configuration's landing page then follows).
 */
export default function MyTasksScreen() {
  const { t, i18n } = useTranslation();
  const { configuration, user } = useSession();
  const mine = useMyTasks();
  const refresh = useTaskRefresh();
  const priorities = useListOptions('priority');
  const types = useListOptions('taskType');
  const teams = useListOptions('profile');
  const [busy, setBusy] = useState<string>();
  const [landing, setLanding] = useState(configuration?.landingPage === myTasksPath);
  const data = mine.data;

  const complete = async (task: Task) => {
    setBusy(task.registration);
    try {
      await moveTask(task.registration, 'COMPLETE');
      await refresh();
    } finally {
      setBusy(undefined);
    }
  };

  const chooseLanding = async () => {
    if (!user) return;
    const existing = configuration?.userPreferences.find((p) => p.groupId === LANDING_PAGE);
    await dataProvider.preferences.save(user.username, {
      ...(existing?._id ? { _id: existing._id } : {}),
      groupId: LANDING_PAGE,
      type: 'UI',
      value: { path: myTasksPath },
    });
    setLanding(true);
    notifySuccess(t('My tasks is now your landing page'));
  };

  return (
    <div data-testid="my-tasks" data-list-state={mine.isFetching ? 'loading' : 'ready'}>
      <Space style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Space align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('My tasks')}
          </Typography.Title>
          {data && (
            <Badge
              data-testid="overdue-count"
              count={data.overdue}
              showZero={false}
              title={t('{count} overdue', { count: data.overdue })}
            />
          )}
        </Space>
        <Space>
          <Link to="/calendar">
            <Button icon={<CalendarOutlined />}>{t('Calendar')}</Button>
          </Link>
          <Button icon={<HomeOutlined />} disabled={landing} onClick={() => void chooseLanding()}>
            {landing ? t('This is your landing page') : t('Make this my landing page')}
          </Button>
        </Space>
      </Space>
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('{open} open tasks, {overdue} overdue', { open: data.open, overdue: data.overdue })}
        </Typography.Paragraph>
      )}
      {mine.error ? <Alert type="error" title={t('Your tasks could not be read')} /> : null}
      <Table<Task>
        rowKey="registration"
        size="small"
        loading={mine.isLoading}
        dataSource={data?.tasks ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        rowClassName={(task) => (task.overdue ? 'task-overdue' : '')}
        expandable={{
          rowExpandable: (task) => !!task.description || !!task.checklist?.length,
          expandedRowRender: (task) => (
            <div data-testid={`task-details-${task.registration}`}>
              {task.description && <Markdown remarkPlugins={[remarkGfm]}>{task.description}</Markdown>}
              {task.checklist?.map((item, i) => (
                <div key={`${i}-${item.label}`}>
                  <Checkbox checked={!!item.done} disabled>
                    {item.label}
                  </Checkbox>
                </div>
              ))}
            </div>
          ),
        }}
        onRow={(task) => ({ 'data-overdue': task.overdue ? 'true' : undefined }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'done',
            width: 40,
            render: (_, task) => (
              <Checkbox
                aria-label={t('Mark as done')}
                disabled={busy === task.registration}
                onChange={() => void complete(task)}
              />
            ),
          },
          {
            key: 'subject',
            title: t('Subject'),
            render: (_, task) => (
              <Link to={`/${taskKind.clientRoute}/${task.registration}`}>{task.subject || task.registration}</Link>
            ),
          },
          {
            key: 'record',
            title: t('Record'),
            render: (_, task) => {
              const kind = task.entityName ? entityByName(task.entityName) : undefined;
              return kind && task.entityRegistration ? (
                <Link to={`/${kind.clientRoute}/${task.entityRegistration}`}>{task.entityRegistration}</Link>
              ) : null;
            },
          },
          {
            key: 'type',
            title: t('Type'),
            render: (_, task) => (task.type ? optionLabel(types.options, task.type, !types.loading) : ''),
          },
          {
            key: 'priority',
            title: t('Priority'),
            render: (_, task) =>
              task.priority ? (
                <Tag color={task.priority === 'URGENT' ? 'red' : task.priority === 'HIGH' ? 'orange' : undefined}>
                  {optionLabel(priorities.options, task.priority, !priorities.loading)}
                </Tag>
              ) : null,
          },
          {
            key: 'due',
            title: t('Due date'),
            render: (_, task) =>
              task.dueDate ? (
                <Space size={4}>
                  <span style={task.overdue ? { color: '#cf1322', fontWeight: 600 } : undefined}>
                    {formatDate(task.dueDate, i18n.language)}
                  </span>
                  {task.overdue && <Tag color="red">{t('Overdue')}</Tag>}
                </Space>
              ) : null,
          },
          {
            key: 'assignee',
            title: t('Assignee'),
            render: (_, task) =>
              [
                task.ownerUsername,
                ...(task.profiles ?? []).map((p) => `${t('Team')} ${optionLabel(teams.options, p, !teams.loading)}`),
              ]
                .filter(Boolean)
                .join(', '),
          },
          {
            key: 'status',
            title: t('Status'),
            render: (_, task) => <StatusBadge list={taskKind.status} status={task.status} />,
          },
        ]}
      />
    </div>
  );
}
