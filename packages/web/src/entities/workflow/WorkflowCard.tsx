import { useState } from 'react';
import { Button, Flex, Spin, Tooltip, Typography } from 'antd';
import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { useUiState } from '../../app/ui-state.ts';
import { FormCard } from '../FormCard.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { StatusHistory } from './StatusHistory.tsx';
import { TransitionIcon } from './TransitionIcon.tsx';
import { confirmQuestion, useConfirmTransition } from './transition-confirm.tsx';
import {
  menuTransitions,
  transitionText,
  useRecordTransitions,
  useRunTransition,
  useStatusTones,
  type TransitionItem,
} from './workflow-api.ts';

/** Whether a kind's workflow card is pinned at the top of its detail screens, remembered per kind. */
export function useWorkflowPin(entity: Entity) {
  return useUiState(`workflowCard.${entity.clientRoute}.pinned`, false);
}

interface Props {
  entity: Entity;
  registration: string;
  status: unknown;
  version: unknown;
  /** The record as shown, for the question an irreversible transition asks (its amounts, its number). */
  record?: Record<string, unknown>;
}

/**
 * The workflow card of a detail screen: the record's status, its transitions as buttons (exits
 * pulled right) and its status history. Pinned, it stays at the top of the page while scrolling.
 */
export function WorkflowCard({ entity, registration, status, version, record }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmTransition();
  const [pinned, setPinned] = useWorkflowPin(entity);
  const tones = useStatusTones(entity);
  const { data, isLoading } = useRecordTransitions(entity, registration, version);
  const items = menuTransitions(data);
  const [running, setRunning] = useState<string>();
  // The transition's mutation reads the record again: the screen shows its new status and version.
  const transition = useRunTransition(entity);

  const run = async (item: TransitionItem) => {
    const question = confirmQuestion(entity, item.code, { registration, ...record, status }, i18n.language);
    if (!(await confirm.ask(t(transitionText(item)), question))) return;
    setRunning(item.code);
    try {
      await transition.run(registration, item);
    } catch {
      // The client has shown the refusal (a 409's reason as a warning).
    } finally {
      setRunning(undefined);
    }
  };

  const button = (item: TransitionItem, index: number) => (
    <Button
      key={item.code}
      size="small"
      icon={<TransitionIcon name={item.icon} />}
      loading={running === item.code}
      disabled={Boolean(running) && running !== item.code}
      data-transition={item.code}
      onClick={() => void run(item)}
      style={item.props?.pullRight && !items[index - 1]?.props?.pullRight ? { marginInlineStart: 'auto' } : undefined}
    >
      {t(transitionText(item))}
    </Button>
  );

  const pin = (
    <Tooltip title={pinned ? t('Unpin') : t('Pin at the top')}>
      <Button
        type="text"
        size="small"
        aria-pressed={pinned}
        aria-label={pinned ? t('Unpin') : t('Pin at the top')}
        icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
        onClick={() => setPinned(!pinned)}
      />
    </Tooltip>
  );

  return (
    <div
      data-testid="workflow-card"
      data-pinned={pinned}
      style={pinned ? { position: 'sticky', top: 0, zIndex: 3 } : undefined}
    >
      {confirm.holder}
      <FormCard title={t('Workflow')} extra={pin}>
        <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('Status')}</Typography.Text>
          <StatusBadge status={status} list={entity.status} tone="current" />
        </Flex>
        <Flex gap={8} wrap style={{ marginBottom: 12 }} data-testid="record-transitions">
          {isLoading ? (
            <Spin size="small" />
          ) : items.length ? (
            items.map(button)
          ) : (
            <Typography.Text type="secondary">{t('No transition available')}</Typography.Text>
          )}
        </Flex>
        <Typography.Text strong>{t('Status history')}</Typography.Text>
        <StatusHistory entity={entity} registration={registration} version={version} tones={tones} />
      </FormCard>
    </div>
  );
}
