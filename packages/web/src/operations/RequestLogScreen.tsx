import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../app/api/client.ts';
import { formatDateTime, formatNumber } from '../i18n/formats.ts';
import { operationsKeys, type LoggedStatement, type RequestLogEntry } from './operations-api.ts';

const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green');

/**
 * `/request-log/{requestId}`: what one request did — its route, tenant, user, status and time,
 * its SQL statements with their time (never their values), its error — for an admin of its
 * tenant (the super admin sees every tenant's). Another id can be looked up from here.
 */
export default function RequestLogScreen() {
  const { requestId = '' } = useParams();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const [lookup, setLookup] = useState('');
  const entry = useQuery({
    queryKey: operationsKeys.requestLog(requestId),
    queryFn: ({ signal }) =>
      api.get<RequestLogEntry>(`/api/system/request-log/${encodeURIComponent(requestId)}`, { signal, silent: true }),
    retry: false,
  });
  const ms = (value: number) => `${formatNumber(value, i18n.language, { maximumFractionDigits: 1 })} ms`;
  const log = entry.data;
  const sqlTime = log?.statements.reduce((sum, s) => sum + s.ms, 0) ?? 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('Request log')}</Typography.Title>
      <Input.Search
        placeholder={t("Request ID (from an answer's headers)")}
        value={lookup}
        onChange={(event) => setLookup(event.target.value)}
        onSearch={(value) => value.trim() && navigate(`/request-log/${encodeURIComponent(value.trim())}`)}
        style={{ maxWidth: 480 }}
        data-testid="request-id-lookup"
      />
      {entry.isLoading && <Spin />}
      {entry.isError && (
        <Alert
          type="warning"
          showIcon
          message={t('No request {id} in the log', { id: requestId })}
          description={t('Requests are kept for a limited time, and only their own tenant’s admins see them.')}
        />
      )}
      {log && (
        <>
          <Descriptions bordered size="small" column={2} data-testid="request-log-summary">
            <Descriptions.Item label={t('Request ID')}>
              <Typography.Text code copyable>
                {log.requestId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('Date')}>{formatDateTime(log.at, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t('Route')}>
              <Typography.Text code>
                {log.method} {log.route ?? log.url}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('Status')}>
              <Tag color={statusColor(log.status)} data-testid="request-log-status">
                {log.status}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('Tenant')}>{log.tenant || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('User')}>{log.user ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('Duration')}>{ms(log.durationMs)}</Descriptions.Item>
            <Descriptions.Item label={t('Time in SQL')}>
              {ms(sqlTime)} ({log.statements.length + log.droppedStatements} {t('statements')})
            </Descriptions.Item>
            <Descriptions.Item label={t('URL')} span={2}>
              <Typography.Text code>{log.url}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('Process')} span={2}>
              {log.process}
            </Descriptions.Item>
            {log.traceId && (
              <Descriptions.Item label={t('Trace ID')} span={2}>
                <Typography.Text code copyable>
                  {log.traceId}
                </Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          {log.error && (
            <Alert
              type="error"
              showIcon
              message={log.error.code ?? t('Error')}
              description={log.error.message}
              data-testid="request-log-error"
            />
          )}
          {log.droppedStatements > 0 && (
            <Alert type="info" message={t('{count} more statements were not kept', { count: log.droppedStatements })} />
          )}
          <Table<LoggedStatement & { index: number }>
            size="small"
            rowKey="index"
            pagination={false}
            data-testid="request-log-statements"
            dataSource={log.statements.map((s, index) => ({ ...s, index }))}
            columns={[
              { key: 'index', title: '#', width: 48, render: (_v, s) => s.index + 1 },
              { key: 'ms', title: t('Time taken'), width: 110, align: 'right', render: (_v, s) => ms(s.ms) },
              {
                key: 'sql',
                title: t('Statement'),
                render: (_v, s) => (
                  <>
                    <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
                      {s.sql}
                    </Typography.Text>
                    {s.error && <Typography.Paragraph type="danger">{s.error}</Typography.Paragraph>}
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </Space>
  );
}
