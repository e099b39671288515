import { useState } from 'react';
import { Alert, Button, Col, Input, Row, Space, Table, Tag, Typography } from 'antd';
import { CaretRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { testRun, type TestRunAnswer } from './script-api.ts';
import { logTime, parseBody, parseQuery } from './test-run-input.ts';
import type { ScriptLog } from './script-runner.ts';

const levelColours: Record<ScriptLog['level'], string> = {
  log: 'default',
  info: 'blue',
  debug: 'default',
  warn: 'orange',
  error: 'red',
};

/** Runs the code being edited on the server with a query and a body; shows the result, the console lines and the error. */
export function TestRunPanel({ name, code }: { name: string; code: string }) {
  const { t } = useTranslation();
  const [queryText, setQueryText] = useState('');
  const [bodyText, setBodyText] = useState('');
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<TestRunAnswer>();
  const query = parseQuery(queryText);
  const body = parseBody(bodyText);

  const run = async () => {
    if ('error' in query || 'error' in body) return;
    setRunning(true);
    try {
      setAnswer(await testRun(name, { code, query: query.value, body: body.value }));
    } catch {
      // The client has shown the refusal.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="test-run">
      <Row gutter={8}>
        <Col xs={24} md={12}>
          <Typography.Text type="secondary">{t('Query (a=1&b=2 or JSON)')}</Typography.Text>
          <Input.TextArea
            rows={2}
            value={queryText}
            aria-label={t('Query')}
            data-testid="test-run-query"
            status={'error' in query ? 'error' : undefined}
            onChange={(event) => setQueryText(event.target.value)}
          />
          {'error' in query && <Typography.Text type="danger">{t(query.error)}</Typography.Text>}
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text type="secondary">{t('Body (JSON)')}</Typography.Text>
          <Input.TextArea
            rows={2}
            value={bodyText}
            aria-label={t('Body')}
            data-testid="test-run-body"
            status={'error' in body ? 'error' : undefined}
            onChange={(event) => setBodyText(event.target.value)}
          />
          {'error' in body && <Typography.Text type="danger">{t(body.error)}</Typography.Text>}
        </Col>
      </Row>
      <Button
        icon={<CaretRightOutlined />}
        loading={running}
        data-testid="test-run-button"
        disabled={'error' in query || 'error' in body}
        onClick={() => void run()}
      >
        {t('Run')}
      </Button>
      {answer && (
        <div data-testid="test-run-answer">
          <Typography.Text type="secondary">{t('Ran in {ms} ms', { ms: answer.durationMs })}</Typography.Text>
          {answer.error && (
            <Alert
              type="error"
              data-testid="test-run-error"
              title={answer.error.code}
              description={answer.error.message}
              style={{ marginTop: 8 }}
            />
          )}
          {!answer.error && (
            <>
              <Typography.Title level={5}>{t('Result')}</Typography.Title>
              <pre data-testid="test-run-result" style={{ maxHeight: 240, overflow: 'auto', margin: 0 }}>
                {JSON.stringify(answer.result ?? null, null, 2)}
              </pre>
            </>
          )}
          <Typography.Title level={5}>{t('Logs')}</Typography.Title>
          <Table<ScriptLog>
            size="small"
            data-testid="test-run-logs"
            rowKey={(_, index) => String(index)}
            pagination={false}
            dataSource={answer.logs}
            locale={{ emptyText: t('No console output') }}
            columns={[
              { key: 'time', title: t('Time'), width: 120, render: (_, log) => logTime(log.time) },
              {
                key: 'level',
                title: t('Level'),
                width: 80,
                render: (_, log) => <Tag color={levelColours[log.level] ?? 'default'}>{log.level}</Tag>,
              },
              {
                key: 'output',
                title: t('Output'),
                render: (_, log) => <code style={{ whiteSpace: 'pre-wrap' }}>{log.output}</code>,
              },
            ]}
          />
        </div>
      )}
    </Space>
  );
}
