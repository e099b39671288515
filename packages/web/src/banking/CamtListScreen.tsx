import { useRef, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { ListScreen } from '../entities/ListScreen.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { importCamt, statementKind, transactionKind } from './statements-api.ts';

/** The camt files list: the shared list and its Import action (a camt.053 or camt.054 file), which opens the file imported. */
export default function CamtListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const camt = await importCamt(file);
      // A large file answers at once (IMPORTING): its screen follows the background import.
      if (camt.status === 'IMPORTING') notify({ level: 'info', message: t('Large file: imported in the background') });
      else
        notify({
          level: 'success',
          message: t('{n} transaction(s) imported, {m} matched', {
            n: Number(camt.transactionCount ?? 0),
            m: Number(camt.matchedCount ?? 0),
          }),
        });
      await Promise.all([
        kindChanged(queryClient, entity),
        kindChanged(queryClient, statementKind),
        kindChanged(queryClient, transactionKind),
      ]);
      navigate(detailPath(entity, String(camt._id ?? camt.registration)));
    } catch {
      // A refused file: the client has shown the server's message; nothing was imported.
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const actions = (
    <>
      <input
        ref={input}
        type="file"
        accept=".xml,application/xml,text/xml"
        hidden
        data-testid="camt-file"
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="import-camt">
        {t('Import a bank statement')}
      </Button>
    </>
  );
  return <ListScreen entity={entity} actions={actions} />;
}
