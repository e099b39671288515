import { useState } from 'react';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { ApiFailure } from '../../app/api/api-failure.ts';
import { failureText } from '../../app/api/error-notice.ts';
import { notify } from '../../app/notify.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import {
  menuTransitions,
  successText,
  transitionMessageValues,
  transitionText,
  useRunTransition,
  useSelectionTransitions,
  type TransitionItem,
} from './workflow-api.ts';
import { TransitionIcon } from './TransitionIcon.tsx';
import { confirmQuestion, selectionQuestion, useConfirmTransition } from './transition-confirm.tsx';

const none: TransitionItem[] = [];

/** A generic error for a record the transition failed on. */
function reportFailure(entity: Entity, item: TransitionItem, registration: string, error: unknown) {
  const reason = error instanceof ApiFailure ? String(error.body.rejectionReason ?? failureText(error)) : String(error);
  notify({
    level: 'error',
    message: translate(
      'Transition "{transition}" failed for {entity} "{registration}"',
      transitionMessageValues(entity, item, registration),
    ),
    description: reason,
  });
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
  const { t, i18n } = useTranslation();
  const confirm = useConfirmTransition();
  // The selection's common transitions, asked again when it changes; an empty selection asks nothing.
  const { data, isFetching } = useSelectionTransitions(entity, selected);
  const items = selected.length && data ? menuTransitions(data) : none;
  const loading = selected.length > 0 && isFetching;
  const transition = useRunTransition(entity);
  const [running, setRunning] = useState(false);

  const run = async (item: TransitionItem) => {
    const registrations = [...selected];
    // An irreversible transition asks once for the whole selection.
    if (
      confirmQuestion(entity, item.code, undefined, i18n.language) &&
      !(await confirm.ask(t(transitionText(item)), selectionQuestion(t(transitionText(item)), registrations.length)))
    )
      return;
    setRunning(true);
    try {
      // One after the other, then the kind is read again once (its lists and the selection's transitions).
      for (const outcome of await transition.runOnEach(registrations, item)) {
        if ('error' in outcome) reportFailure(entity, item, outcome.registration, outcome.error);
        else notify({ level: 'success', message: successText(entity, item, outcome.registration) });
      }
    } finally {
      setRunning(false);
      onDone(registrations);
    }
  };

  const menu: MenuProps = {
    items: items.map((item) => ({
      key: item.code,
      label: t(transitionText(item)),
      icon: <TransitionIcon name={item.icon} />,
      'data-transition': item.code,
    })),
    onClick: ({ key }) => {
      const item = items.find((i) => i.code === key);
      if (item) void run(item);
    },
  };

  return (
    <Space wrap data-testid="list-transitions">
      {confirm.holder}
      <Dropdown menu={menu} trigger={['click']} disabled={!items.length || running}>
        <Button loading={loading || running} data-count={items.length}>
          {t('Workflow transitions')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button onClick={() => onSelect([...new Set([...selected, ...shown])])}>{t('Select all')}</Button>
      <Button onClick={() => onSelect([])} disabled={!selected.length}>
        {t('Unselect all')}
      </Button>
    </Space>
  );
}
