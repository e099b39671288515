import { useState } from 'react';
import { Button, Drawer, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { TransitionIcon } from './TransitionIcon.tsx';
import { confirmQuestion, useConfirmTransition } from './transition-confirm.tsx';
import {
  menuTransitions,
  transitionText,
  useRecordTransitions,
  useRunTransition,
  type TransitionItem,
} from './workflow-api.ts';

interface Props {
  entity: Entity;
  /** The clicked row's registration; none closes the drawer. */
  registration: string | undefined;
  /** Changes when the record does, so its transitions are asked again. */
  version: unknown;
  /** The row clicked, for the question an irreversible transition asks. */
  record?: Record<string, unknown>;
  onClose(): void;
}

/** The transitions of the row clicked in a list (spec issue 5 §4); a run reloads the list (the data provider's mutation). */
export function RowTransitions({ entity, registration, version, record, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmTransition();
  const transition = useRunTransition(entity);
  const { data, isLoading } = useRecordTransitions(entity, registration, version);
  const items = menuTransitions(data);
  const [running, setRunning] = useState<string>();

  const run = async (item: TransitionItem) => {
    if (!registration) return;
    const question = confirmQuestion(entity, item.code, { registration, ...record }, i18n.language);
    if (!(await confirm.ask(t(transitionText(item)), question))) return;
    setRunning(item.code);
    try {
      await transition.run(registration, item);
      onClose();
    } catch {
      // The client has shown the refusal (a 409's reason as a warning).
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <Drawer
      open={Boolean(registration)}
      onClose={onClose}
      destroyOnHidden
      title={`${t('Workflow transitions')} · ${registration ?? ''}`}
    >
      {confirm.holder}
      <Flex vertical gap={8} data-testid="row-transitions" data-registration={registration}>
        {isLoading ? (
          <Spin size="small" />
        ) : items.length ? (
          items.map((item) => (
            <Button
              key={item.code}
              block
              icon={<TransitionIcon name={item.icon} />}
              loading={running === item.code}
              disabled={Boolean(running) && running !== item.code}
              data-transition={item.code}
              onClick={() => void run(item)}
            >
              {t(transitionText(item))}
            </Button>
          ))
        ) : (
          <Typography.Text type="secondary">{t('No transition available')}</Typography.Text>
        )}
      </Flex>
    </Drawer>
  );
}
