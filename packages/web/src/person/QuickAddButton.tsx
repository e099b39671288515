import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { kindChanged } from '../app/api/data-hooks.ts';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import type { Values } from '../entities/form-values.ts';
import { QuickAddModal } from './QuickAddModal.tsx';

/** Opens the quick-add modal; `onAdded` receives the person it returns. */
export function QuickAddButton({
  entity,
  roles,
  source,
  onAdded,
  compact = false,
}: {
  entity: Entity;
  roles?: string[];
  /** A person the new one is related to: the modal offers its quick-add relations. */
  source?: string;
  onAdded?: (person: Values) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const close = (person?: Values) => {
    setOpen(false);
    if (!person) return;
    // The person may have been read again after its user was created: what is shown of the kind is refreshed.
    void kindChanged(queryClient, entity);
    onAdded?.(person);
  };
  return (
    <>
      <Tooltip title={t('Quick add')}>
        <Button
          icon={<UserAddOutlined />}
          aria-label={t('Quick add')}
          onClick={() => setOpen(true)}
          data-testid="quick-add-open"
        >
          {compact ? undefined : t('Quick add')}
        </Button>
      </Tooltip>
      {open && <QuickAddModal entity={entity} roles={roles} source={source} onClose={close} />}
    </>
  );
}
