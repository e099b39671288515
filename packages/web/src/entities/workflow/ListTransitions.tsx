import { useState } from 'react';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { ApiFailure } from '../../app/api/api-failure.ts';
import { failureText } from '../../app/api/error-notice.ts';
import { notify } from '../../app/notify.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { menuTransitions, runTransition, selectionTransitions, transitionMessageValues, transitionText, type TransitionItem } from './workflow-api.ts';
import { TransitionIcon } from './TransitionIcon.tsx';

const none: TransitionItem[] = [];

/**
 * Transitions common to the selected records, reloaded when the selection changes; an empty
 * selection asks nothing and clears the menu.
 */
export function useSelectionTransitions(entity: Entity, registrations: string[]) {
  const key = [...registrations].sort();
  const { data, isFetching } = useQuery({
    queryKey: ['selection-transitions', entity.route, key],
    queryFn: ({ signal }) => selectionTransitions(entity, key, signal),
    enabled: Boolean(entity.status) && key.length > 0,
  });
  return { items: key.length && data ? menuTransitions(data) : none, loading: key.length > 0 && isFetching };
}

/** Runs a transition on every selected record; a generic error for each one that fails. Answers the ones that ran. */
export async function runOnSelection(entity: Entity, registrations: string[], item: TransitionItem): Promise<string[]> {
  const done: string[] = [];
  // One after the other: the server is not flooded and the messages come in the selection's order.
  for (const registration of registrations) {
    try {
      await runTransition(entity, registration, item, { silent: true });
      done.push(registration);
    } catch (error) {
      const reason = error instanceof ApiFailure ? String(error.body.rejectionReason ?? failureText(error)) : String(error);
      notify({
        level: 'error',
        message: translate('Transition "{transition}" failed for {entity} "{registration}"', transitionMessageValues(entity, item, registration)),
        description: reason,
      });
    }
  }
  return done;
}

interface Props {
  entity: Entity;
  selected: string[];
  /** The registrations shown on the page, for Select all. */
  shown: string[];
  onSelect(registrations: string[]): void;
  /** After a run: the list is reloaded with the selected registrations. */
  onDone(registrations: string[]): void;
}

/** The selectable-row mode's actions: the Workflow transitions dropdown, Select all and Unselect all. */
export function ListTransitions({ entity, selected, shown, onSelect, onDone }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { items, loading } = useSelectionTransitions(entity, selected);
  const [running, setRunning] = useState(false);

  const run = async (item: TransitionItem) => {
    const registrations = [...selected];
    setRunning(true);
    try {
      await runOnSelection(entity, registrations, item);
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: ['selection-transitions', entity.route] });
      await queryClient.invalidateQueries({ queryKey: ['list', entity.route] });
      onDone(registrations);
    }
  };

  const menu: MenuProps = {
    items: items.map((item) => ({ key: item.code, label: t(transitionText(item)), icon: <TransitionIcon name={item.icon} />, 'data-transition': item.code })),
    onClick: ({ key }) => {
      const item = items.find((i) => i.code === key);
      if (item) void run(item);
    },
  };

  return (
    <Space wrap data-testid="list-transitions">
      <Dropdown menu={menu} trigger={['click']} disabled={!items.length || running}>
        <Button loading={loading || running} data-count={items.length}>
          {t('Workflow transitions')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button onClick={() => onSelect([...new Set([...selected, ...shown])])}>{t('Select all')}</Button>
      <Button onClick={() => onSelect([])} disabled={!selected.length}>{t('Unselect all')}</Button>
    </Space>
  );
}
