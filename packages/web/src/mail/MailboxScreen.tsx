import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dataProvider } from '../app/api/data-provider.ts';
import { saveFile } from '../entities/list-export.ts';
import { formatDateTime } from '../i18n/formats.ts';
import { MailBody } from './MailBody.tsx';
import { type MailboxMail, mailApi } from './mail-api.ts';

/** Downloads an attachment of a mail: the document's content, through the one data client. */
async function download(documentRegistration: string, name?: string) {
  const { file, fileName } = await dataProvider.documentContent(documentRegistration);
  saveFile(file, fileName ?? name ?? documentRegistration);
}

/**
 * `/mailbox`: the mails the product delivered to the local mailbox (no SMTP server configured),
 * newest first, each shown as it would have arrived: sender, recipients, subject, text or HTML,
 * attachments to download.
 */
export default function MailboxScreen() {
  const { t, i18n } = useTranslation();
  const mails = useQuery({
    queryKey: ['mailbox'],
    queryFn: ({ signal }) => mailApi.mailbox(signal),
    refetchInterval: 15_000,
  });
  const status = useQuery({ queryKey: ['mail-status'], queryFn: mailApi.status });
  const [selected, setSelected] = useState<string>();
  const rows = mails.data ?? [];
  const mail: MailboxMail | undefined = rows.find((m) => m.registration === selected) ?? rows[0];
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('Mailbox')}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        title={
          status.data?.transport === 'smtp'
            ? t('Mail leaves through the SMTP server; this mailbox keeps what was delivered before it was configured.')
            : t('No SMTP server is configured: the mails the product sends are delivered here.')
        }
      />
      {mails.isError && <Alert type="error" showIcon title={t('The mailbox could not be read')} />}
      <Flex gap={12} wrap align="flex-start">
        <Table<MailboxMail>
          style={{ flex: '1 1 420px', minWidth: 320 }}
          size="small"
          rowKey="registration"
          loading={mails.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          locale={{ emptyText: <Empty description={t('No mail yet')} /> }}
          onRow={(row) => ({ onClick: () => setSelected(row.registration), style: { cursor: 'pointer' } })}
          rowClassName={(row) => (row.registration === mail?.registration ? 'ant-table-row-selected' : '')}
          columns={[
            {
              title: t('Delivered'),
              dataIndex: 'deliveredDate',
              width: 150,
              render: (v: string) => formatDateTime(v, i18n.language),
            },
            { title: t('Recipients'), dataIndex: 'to', ellipsis: true },
            {
              title: t('Subject'),
              dataIndex: 'subject',
              ellipsis: true,
              render: (v: string, row) => (
                <Space size={4}>
                  {row.attachments?.length ? <PaperClipOutlined aria-label={t('Attachments')} /> : null}
                  <span>{v}</span>
                </Space>
              ),
            },
          ]}
        />
        <Card style={{ flex: '2 1 520px', minWidth: 320 }} size="small" title={mail?.subject ?? t('Mailbox')}>
          {mail ? (
            <Flex vertical gap={12}>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'from', label: t('Sender'), children: mail.from },
                  { key: 'to', label: t('Recipients'), children: mail.to },
                  ...(mail.replyTo ? [{ key: 'replyTo', label: t('Reply to'), children: mail.replyTo }] : []),
                  { key: 'date', label: t('Delivered'), children: formatDateTime(mail.deliveredDate, i18n.language) },
                  {
                    key: 'communication',
                    label: t('Communication'),
                    children: mail.communicationRegistration ? (
                      <Link to={`/communication/${mail.communicationRegistration}`}>
                        {mail.communicationRegistration}
                      </Link>
                    ) : null,
                  },
                  {
                    key: 'messageId',
                    label: t('Message-ID'),
                    children: <Typography.Text code>{mail.messageId}</Typography.Text>,
                  },
                ]}
              />
              {mail.attachments?.length ? (
                <Space wrap>
                  {mail.attachments.map((a) => (
                    <Button
                      key={a.documentRegistration}
                      icon={<PaperClipOutlined />}
                      onClick={() => void download(a.documentRegistration, a.name)}
                    >
                      {a.name || a.documentRegistration}
                    </Button>
                  ))}
                </Space>
              ) : null}
              <MailBody key={mail.registration} text={mail.text} html={mail.html} />
            </Flex>
          ) : (
            <Empty description={t('No mail yet')} />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
