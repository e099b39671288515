import { useEffect, useState } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import { invoiceDocumentLink, invoiceDocuments, invoicePdfPreview } from './billing-api.ts';

type Shown = { state: 'loading' } | { state: 'none' } | { state: 'shown'; url: string };

/**
 * The PDF of an invoice in its screen: the stored INVOICE document of an issued one (by its
 * listing token), or the server's preview of a draft (read with the session, shown from memory).
 * Without either (a server that renders none, an invoice issued before PDFs) the card says so.
 */
export function InvoicePdfPreview({
  registration,
  status,
  version,
}: {
  registration: string;
  status: unknown;
  version: unknown;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const draft = status === 'DRAFT';

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    setShown({ state: 'loading' });
    const load = async (): Promise<Shown> => {
      if (draft) {
        objectUrl = URL.createObjectURL(await invoicePdfPreview(registration, controller.signal));
        return { state: 'shown', url: objectUrl };
      }
      const [first] = await invoiceDocuments(registration, { signal: controller.signal, silent: true });
      return first ? { state: 'shown', url: invoiceDocumentLink(registration, first) } : { state: 'none' };
    };
    load().then(
      (next) => {
        if (!controller.signal.aborted) setShown(next);
      },
      () => {
        if (!controller.signal.aborted) setShown({ state: 'none' });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [registration, draft, version]);

  return (
    <FormCard title={draft ? t('PDF preview') : t('PDF')}>
      <div data-testid="invoice-pdf-preview" data-state={shown.state}>
        {shown.state === 'loading' && <Spin />}
        {shown.state === 'none' && (
          <Empty description={draft ? t('No preview available') : t('No PDF for this invoice')} />
        )}
        {shown.state === 'shown' && (
          <iframe
            src={shown.url}
            title={t('Invoice {registration}', { registration })}
            style={{ width: '100%', height: 720, border: 0 }}
          />
        )}
      </div>
    </FormCard>
  );
}
