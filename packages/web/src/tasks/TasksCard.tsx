import { useState } from 'react';
import { Badge, Button, Checkbox, DatePicker, Flex, Input, List, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { RecordCardProps } from '../app/web-module.ts';
import { api } from '../app/api/client.ts';
import { FormCard } from '../entities/FormCard.tsx';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { dateFormatOf, formatDate } from '../i18n/formats.ts';
import {
  assigneeFields,
  isOpen,
  isOverdue,
  moveTask,
  tasksPath,
  useAssignees,
  useRecordTasks,
  useTaskRefresh,
  type Task,
} from './task-api.ts';

/**
 * The Tasks card of every detail screen (slot `tasksCard`): the record's tasks, open ones first,
 * overdue ones in red; a tick completes a task (its COMPLETE transition, which sets `done`), an
 * untick reopens it; its subject opens it; a small form adds a task for this record with its
 * subject, due date, assignee (a user or a team) and priority.
 */
export function TasksCard({ entity, registration }: RecordCardProps) {
  const { t, i18n } = useTranslation();
  const tasks = useRecordTasks(entity.name, registration);
  const refresh = useTaskRefresh();
  const assignees = useAssignees();
  const priorities = useListOptions('priority');
  const teams = useListOptions('profile');
  const teamLabel = (code: string) => optionLabel(teams.options, code, !teams.loading);
  const [adding, setAdding] = useState(false);
  const [subject, setSubject] = useState('');
  const [due, setDue] = useState<Dayjs | null>(null);
  const [assignee, setAssignee] = useState<string>();
  const [priority, setPriority] = useState<string>('NORMAL');
  const [busy, setBusy] = useState(false);
  const rows = [...(tasks.data ?? [])].sort(
    (a, b) => Number(isOpen(b)) - Number(isOpen(a)) || String(a.dueDate ?? '9').localeCompare(String(b.dueDate ?? '9')),
  );
  const overdue = rows.filter((task) => isOverdue(task)).length;

  const tick = async (task: Task, done: boolean) => {
    setBusy(true);
    try {
      await moveTask(task.registration, done ? 'COMPLETE' : 'REOPEN');
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!subject.trim()) return;
    setBusy(true);
    try {
      await api.post<Task>(tasksPath, {
        subject: subject.trim(),
        entityName: entity.name,
        entityRegistration: registration,
        priority,
        ...(due ? { dueDate: due.format('YYYY-MM-DD') } : {}),
        ...assigneeFields(assignee),
      });
      setSubject('');
      setDue(null);
      setAssignee(undefined);
      setAdding(false);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const assigneeLabel = (task: Task) =>
    [
      task.ownerUsername
        ? (assignees.data?.find((a) => a.value === task.ownerUsername)?.label ?? task.ownerUsername)
        : '',
      ...(task.profiles ?? []).map((p) => `${t('Team')} ${teamLabel(p)}`),
    ]
      .filter(Boolean)
      .join(', ');

  return (
    <FormCard
      title={
        <Space>
          {t('Tasks')}
          {overdue > 0 && <Badge count={overdue} title={t('{count} overdue', { count: overdue })} />}
        </Space>
      }
      extra={
        <Button size="small" type="text" icon={<PlusOutlined />} onClick={() => setAdding((v) => !v)}>
          {t('Add a task')}
        </Button>
      }
    >
      <div data-testid="tasks-card">
        {adding && (
          <Flex vertical gap={6} style={{ marginBottom: 8 }}>
            <Input
              autoFocus
              aria-label={t('Subject')}
              placeholder={t('Subject')}
              value={subject}
              maxLength={500}
              onChange={(e) => setSubject(e.target.value)}
              onPressEnter={() => void add()}
            />
            <Flex gap={6} wrap>
              <DatePicker
                aria-label={t('Due date')}
                placeholder={t('Due date')}
                format={dateFormatOf(i18n.language)}
                value={due}
                onChange={setDue}
              />
              <Select
                aria-label={t('Assignee')}
                placeholder={t('Assignee')}
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ minWidth: 180 }}
                value={assignee}
                onChange={setAssignee}
                options={(assignees.data ?? []).map((a) => ({
                  value: a.value,
                  label: a.kind === 'PROFILE' ? `${t('Team')} ${teamLabel(a.value.slice(8))}` : a.label,
                }))}
              />
              <Select
                aria-label={t('Priority')}
                style={{ minWidth: 110 }}
                value={priority}
                onChange={setPriority}
                options={priorities.options}
              />
              <Button type="primary" loading={busy} disabled={!subject.trim()} onClick={() => void add()}>
                {t('Add')}
              </Button>
            </Flex>
          </Flex>
        )}
        <List<Task>
          size="small"
          loading={tasks.isLoading}
          dataSource={rows}
          locale={{ emptyText: t('No task') }}
          renderItem={(task) => {
            const late = isOverdue(task);
            return (
              <List.Item data-testid={`task-${task.registration}`} data-overdue={late ? 'true' : undefined}>
                <Flex gap={8} align="start" style={{ width: '100%' }}>
                  <Checkbox
                    aria-label={t('Mark as done')}
                    checked={task.status === 'DONE'}
                    disabled={busy || task.status === 'CANCELLED'}
                    onChange={(e) => void tick(task, e.target.checked)}
                  />
                  <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                    <Link
                      to={`/task/${task.registration}`}
                      style={task.status === 'DONE' ? { textDecoration: 'line-through' } : undefined}
                    >
                      {task.subject || task.name || task.registration}
                    </Link>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {assigneeLabel(task)}
                      {task.priority && task.priority !== 'NORMAL'
                        ? ` · ${optionLabel(priorities.options, task.priority, !priorities.loading)}`
                        : ''}
                    </Typography.Text>
                  </Flex>
                  {task.dueDate && (
                    <Tag color={late ? 'red' : undefined} title={late ? t('Overdue') : t('Due date')}>
                      {formatDate(task.dueDate, i18n.language)}
                    </Tag>
                  )}
                </Flex>
              </List.Item>
            );
          }}
        />
      </div>
    </FormCard>
  );
}

export default TasksCard;
