import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api/client.ts';

/** A task as the server answers it (packages/model task.entity.ts). */
export interface Task {
  registration: string;
  status: string;
  subject?: string;
  name?: string;
  description?: string;
  type?: string;
  priority?: string;
  ownerUsername?: string;
  profiles?: string[];
  dueDate?: string;
  startDate?: string;
  reminderDate?: string;
  entityName?: string;
  entityRegistration?: string;
  checklist?: { label: string; done?: boolean }[];
  done?: boolean;
  ruleKey?: string;
  overdue?: boolean;
  _version: number;
}

/** `GET /api/core/tasks/mine`. */
export interface MyTasks {
  today: string;
  open: number;
  overdue: number;
  tasks: Task[];
}

/** `GET /api/core/tasks/userNames?listMode=true`: users by username, teams as `profile:{CODE}`. */
export interface Assignee {
  value: string;
  label: string;
  kind: 'USER' | 'PROFILE';
}

export const tasksPath = '/api/core/tasks';
export const taskKeys = {
  all: ['tasks'] as const,
  record: (entityName: string, registration: string) => ['tasks', 'record', entityName, registration] as const,
  mine: ['tasks', 'mine'] as const,
  assignees: ['tasks', 'assignees'] as const,
};

export const isOpen = (task: Task) => task.status !== 'DONE' && task.status !== 'CANCELLED';

/** Today in the browser's zone (what the server reads from client-timezone). */
export const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
export const isOverdue = (task: Task, today = localToday()) => isOpen(task) && !!task.dueDate && task.dueDate < today;

/** The tasks of a record, open first then by due date. */
export function useRecordTasks(entityName: string, registration: string) {
  return useQuery({
    queryKey: taskKeys.record(entityName, registration),
    queryFn: ({ signal }) =>
      api.get<Task[]>(tasksPath, {
        query: { entityName, entityRegistration: registration, sort: 'dueDate', range: '[0-99]' },
        signal,
      }),
  });
}

export function useMyTasks() {
  return useQuery({
    queryKey: taskKeys.mine,
    queryFn: ({ signal }) => api.get<MyTasks>(`${tasksPath}/mine`, { signal }),
    refetchInterval: 60_000,
  });
}

export function useAssignees() {
  return useQuery({
    queryKey: taskKeys.assignees,
    queryFn: ({ signal }) => api.get<Assignee[]>(`${tasksPath}/userNames`, { query: { listMode: 'true' }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** An assignee picked in the list, as the task's fields. */
export const assigneeFields = (value: string | undefined): Pick<Task, 'ownerUsername' | 'profiles'> =>
  !value ? {} : value.startsWith('profile:') ? { profiles: [value.slice(8)] } : { ownerUsername: value };

/** Runs a transition of a task (COMPLETE, REOPEN…). */
export const moveTask = (registration: string, code: 'COMPLETE' | 'REOPEN') =>
  api.get<Task>(`${tasksPath}/${encodeURIComponent(registration)}/transitions/${code}`);

export function useTaskRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
}
