import { useState } from 'react';
import { Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { ListScreen } from '../entities/ListScreen.tsx';
import { rematch } from './statements-api.ts';

/** The bank transactions list (status NEW: those waiting to be reconciled) and its Match again action. */
export default function BankTransactionListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function again() {
    setBusy(true);
    try {
      const outcome = await rematch();
      notify({ level: 'success', message: t('{n} transaction(s) matched', { n: outcome.matched }) });
      await kindChanged(queryClient, entity);
    } finally {
      setBusy(false);
    }
  }
  const actions = (
    <Button icon={<SyncOutlined />} loading={busy} onClick={again} data-testid="rematch">
      {t('Match again')}
    </Button>
  );
  return <ListScreen entity={entity} actions={actions} />;
}
