import { PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Row as GridRow, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dataProvider } from '../app/api/data-provider.ts';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { StatusBadge } from '../entities/StatusBadge.tsx';
import { saveFile } from '../entities/list-export.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { formatDateTime } from '../i18n/formats.ts';
import { MailBody } from './MailBody.tsx';

/** Fields the delivery card shows rather than the generic form. */
const ownCards = [
  'html',
  'template',
  'locale',
  'from',
  'replyTo',
  'attachments',
  'attempts',
  'nextAttemptDate',
  'sendingStage',
  'lastError',
  'sentDate',
  'messageId',
  'smtpResponse',
  'bounceDate',
  'mailRegistration',
] as const;

type Attachment = { documentRegistration: string; name?: string };

async function download(documentRegistration: string, name?: string) {
  const { file, fileName } = await dataProvider.documentContent(documentRegistration);
  saveFile(file, fileName ?? name ?? documentRegistration);
}

/**
 * A communication: the generic form and workflow card, then, for an e-mail, how its sending went
 * (status, attempts, next attempt, last error, Message-ID, the server's reply, the mailbox copy),
 * its attachments and its content as it left.
 */
export default function CommunicationScreen({ entity, canCreate }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { id, data } = useDetailRecord(entity);
  const at = (v: unknown) => formatDateTime(v, i18n.language);
  const attachments = (data?.attachments as Attachment[] | undefined) ?? [];
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} omit={ownCards} />
      {id && data && data.type === 'EMAIL' && (
        <GridRow gutter={16} data-testid="delivery-cards">
          <Col xs={24} xl={12}>
            <FormCard title={t('Delivery')}>
              {typeof data.lastError === 'string' && data.lastError && (
                <Alert
                  type={data.status === 'SENT' ? 'info' : 'error'}
                  showIcon
                  title={t('Last error')}
                  description={data.lastError}
                  style={{ marginBottom: 12 }}
                  data-testid="last-error"
                />
              )}
              <Descriptions
                size="small"
                column={1}
                items={[
                  {
                    key: 'status',
                    label: t('Status'),
                    children: <StatusBadge status={data.status} list={entity.status} />,
                  },
                  { key: 'attempts', label: t('Attempts'), children: String(data.attempts ?? 0) },
                  ...(data.nextAttemptDate && data.status === 'SCHEDULED'
                    ? [{ key: 'next', label: t('Next attempt date'), children: at(data.nextAttemptDate) }]
                    : []),
                  { key: 'sent', label: t('Sent date'), children: at(data.sentDate) },
                  { key: 'from', label: t('Sender'), children: String(data.from ?? '') },
                  { key: 'to', label: t('Recipients'), children: String(data.to ?? '') },
                  ...(data.replyTo ? [{ key: 'replyTo', label: t('Reply to'), children: String(data.replyTo) }] : []),
                  {
                    key: 'template',
                    label: t('Template'),
                    children: data.template ? `${String(data.template)} (${String(data.locale ?? '')})` : '',
                  },
                  {
                    key: 'messageId',
                    label: t('Message-ID'),
                    children: data.messageId ? <Typography.Text code>{String(data.messageId)}</Typography.Text> : '',
                  },
                  { key: 'smtp', label: t('Smtp response'), children: String(data.smtpResponse ?? '') },
                  ...(data.bounceDate
                    ? [{ key: 'bounce', label: t('Bounce date'), children: at(data.bounceDate) }]
                    : []),
                  ...(data.mailRegistration
                    ? [
                        {
                          key: 'mailbox',
                          label: t('Mailbox'),
                          children: <Link to="/mailbox">{String(data.mailRegistration)}</Link>,
                        },
                      ]
                    : []),
                ]}
              />
              {attachments.length > 0 && (
                <Space wrap style={{ marginTop: 12 }}>
                  {attachments.map((a) => (
                    <Button
                      key={a.documentRegistration}
                      icon={<PaperClipOutlined />}
                      onClick={() => void download(a.documentRegistration, a.name)}
                    >
                      {a.name || a.documentRegistration}
                    </Button>
                  ))}
                </Space>
              )}
            </FormCard>
          </Col>
          <Col xs={24} xl={12}>
            <FormCard title={t('Content')}>
              <MailBody
                text={String(data.content ?? '')}
                html={typeof data.html === 'string' && data.html ? data.html : undefined}
              />
            </FormCard>
          </Col>
        </GridRow>
      )}
    </>
  );
}
