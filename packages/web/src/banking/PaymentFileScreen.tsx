import { Alert, Button, Empty, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { dataProvider, queryKeys, type Row } from '../app/api/data-provider.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FastLink, FastLinkScope } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { entityByName } from '@lbo/model/entity-registry';
import { formatCurrency, formatDate } from '../i18n/formats.ts';
import {
  indentXml,
  paymentFileDocument,
  paymentFileKind,
  paymentFileLineKind,
  paymentFileXml,
} from './payment-files-api.ts';

const invoiceKind = entityByName('Invoice')!;
type Line = {
  _id: string;
  registration: string;
  status: string;
  endToEndId: string;
  invoiceRegistration: string;
  personRegistration?: string;
  amount: number;
  currency: string;
  sequenceType?: string;
  collectionDate?: string;
  iban?: string;
};

/** Its lines: end-to-end id, invoice, payer or payee, amount, sequence, date, status. */
function LinesCard({ file }: { file: Row }) {
  const { t, i18n } = useTranslation();
  const query = { paymentFile: String(file.registration), sort: 'registration', range: '[0-249]' };
  const { data } = useQuery({
    queryKey: [...queryKeys.list(paymentFileLineKind, query), file._version],
    queryFn: ({ signal }) => dataProvider.list(paymentFileLineKind, query, { signal }),
  });
  const lines = (data?.rows ?? []) as Line[];
  return (
    <FormCard title={t('Lines')}>
      {lines.length === 0 ? (
        <Empty description={t('No line')} />
      ) : (
        <FastLinkScope>
          <Table<Line>
            data-testid="payment-file-lines"
            size="small"
            rowKey="registration"
            dataSource={lines}
            pagination={lines.length > 20 ? { pageSize: 20 } : false}
            columns={[
              {
                key: 'endToEndId',
                title: t('End-to-end ID'),
                render: (_v, l) => <FastLink to={detailPath(paymentFileLineKind, l._id)}>{l.endToEndId}</FastLink>,
              },
              {
                key: 'invoice',
                title: t('Invoice'),
                render: (_v, l) => (
                  <FastLink to={detailPath(invoiceKind, l.invoiceRegistration)}>{l.invoiceRegistration}</FastLink>
                ),
              },
              { key: 'person', title: t('Person'), dataIndex: 'personRegistration' },
              { key: 'iban', title: t('IBAN'), dataIndex: 'iban' },
              {
                key: 'amount',
                title: t('Amount'),
                align: 'right',
                render: (_v, l) => formatCurrency(l.amount, l.currency, i18n.language),
              },
              { key: 'sequenceType', title: t('Sequence type'), render: (_v, l) => l.sequenceType ?? '' },
              {
                key: 'collectionDate',
                title: t('Collection date'),
                render: (_v, l) => formatDate(l.collectionDate, i18n.language),
              },
              {
                key: 'status',
                title: t('Status'),
                render: (_v, l) => (
                  <Tag color={l.status === 'CANCELLED' || l.status === 'REJECTED' ? 'default' : 'processing'}>
                    {t(l.status)}
                  </Tag>
                ),
              },
            ]}
          />
        </FastLinkScope>
      )}
    </FormCard>
  );
}

/** The XML as stored, to read and to download; or why there is none. */
function XmlCard({ file }: { file: Row }) {
  const { t } = useTranslation();
  const registration = String(file.registration);
  const stored = Boolean(file.documentRegistration);
  const { data: xml } = useQuery({
    queryKey: [...queryKeys.kind(paymentFileKind), 'xml', registration],
    queryFn: async ({ signal }) => indentXml(await paymentFileXml(registration, signal)),
    enabled: stored,
  });
  const { data: document } = useQuery({
    queryKey: [...queryKeys.kind(paymentFileKind), 'xml-document', registration],
    queryFn: ({ signal }) => paymentFileDocument(registration, signal),
    enabled: stored,
  });
  return (
    <FormCard
      title={t('XML file')}
      extra={
        document && (
          <Button
            icon={<DownloadOutlined />}
            href={dataProvider
              .documentLink(paymentFileKind, registration, document)
              .replace('contentDisposition=inline', 'contentDisposition=attachment')}
            data-testid="payment-file-download"
          >
            {t('Download')}
          </Button>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {typeof file.errorMessage === 'string' && (
          <Alert
            type="error"
            showIcon
            title={t('The file was not released: it is not valid against its schema')}
            description={file.errorMessage}
          />
        )}
        {stored ? (
          <pre
            data-testid="payment-file-xml"
            style={{ maxHeight: 480, overflow: 'auto', fontSize: 12, whiteSpace: 'pre' }}
          >
            {xml ?? ''}
          </pre>
        ) : (
          !file.errorMessage && <Empty description={t('No XML file')} />
        )}
      </Space>
    </FormCard>
  );
}

/** A payment file: the generic form and workflow, its lines and its XML. */
export default function PaymentFileScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <LinesCard file={data} />}
      {id && data && <XmlCard file={data} />}
    </>
  );
}
