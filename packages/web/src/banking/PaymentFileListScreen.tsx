import { useState } from 'react';
import { Button } from 'antd';
import { FileAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { ListScreen } from '../entities/ListScreen.tsx';
import { GeneratePaymentFilesDialog } from './GeneratePaymentFilesDialog.tsx';

/** The payment files list (spec 001 §3, no add button): the shared list and its Generate dialog. */
export default function PaymentFileListScreen({ entity }: ScreenProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const actions = (
    <Button icon={<FileAddOutlined />} onClick={() => setOpen(true)} data-testid="generate-payment-files">
      {t('Generate payment files')}
    </Button>
  );
  return (
    <>
      <ListScreen entity={entity} actions={actions} />
      <GeneratePaymentFilesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
