import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Row } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import { invoiceDocumentLink, invoiceDocuments, openInNewWindow } from './billing-api.ts';

/**
 * An invoice's PDF, opened in a new window as the spec's client does (spec 001 §7): its INVOICE
 * documents are listed, and the first is opened by its content address with the listing's token.
 * A draft has none until it is issued: the button says so instead. Errors go to the client's
 * notifier (spec 001 §8).
 */
export function InvoicePdfAction({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  const registration = String(row.registration ?? '');
  const draft = row.status === 'DRAFT';

  const open = async () => {
    setOpening(true);
    try {
      const opened = await openInNewWindow(async () => {
        const [first] = await invoiceDocuments(registration);
        return first ? invoiceDocumentLink(registration, first) : undefined;
      });
      if (!opened) notify({ level: 'warning', message: t('Invoice {registration} has no PDF', { registration }) });
    } catch {
      // The client has shown the error.
    } finally {
      setOpening(false);
    }
  };

  return (
    <Tooltip title={draft ? t('A draft has its PDF once issued: see its preview on the invoice') : t('Open the PDF')}>
      <Button
        type="text"
        size="small"
        icon={<FilePdfOutlined />}
        loading={opening}
        disabled={draft}
        aria-label={t('Open the PDF of {registration}', { registration })}
        data-testid={`invoice-pdf-${registration}`}
        onClick={() => void open()}
      />
    </Tooltip>
  );
}
