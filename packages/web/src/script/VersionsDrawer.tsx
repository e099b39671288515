import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Col, Drawer, Empty, Popconfirm, Row, Spin, Tag, Typography } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/formats.ts';
import { scriptKeys, scriptVersions, type ScriptVersion } from './script-api.ts';

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

/**
 * A script's versions, newest first (one per write): choosing one shows what restoring it would
 * change in the current code, and Restore saves it as a new version (the history keeps both).
 */
export function VersionsDrawer({
  name,
  current,
  onClose,
  onRestore,
}: {
  name: string;
  current: string;
  onClose(): void;
  onRestore(code: string): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const versions = useQuery({ queryKey: scriptKeys.versions(name), queryFn: () => scriptVersions(name) });
  const [chosen, setChosen] = useState<ScriptVersion>();
  const [restoring, setRestoring] = useState(false);
  const shown = chosen ?? versions.data?.find((v) => v.code !== current);

  const restore = async (version: ScriptVersion) => {
    setRestoring(true);
    try {
      await onRestore(version.code);
    } catch {
      // The client has shown the refusal.
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Drawer open onClose={onClose} size="large" title={t('Versions of {name}', { name })} data-testid="script-versions">
      {versions.isLoading && <Spin />}
      {versions.error ? <Alert type="error" title={t('The versions could not be read')} /> : null}
      {versions.data && !versions.data.length && <Empty description={t('No versions yet')} />}
      {versions.data && versions.data.length > 0 && (
        <Row gutter={12}>
          <Col span={7}>
            {versions.data.map((version) => (
              <button
                type="button"
                key={version.version}
                data-testid={`script-version-${version.version}`}
                aria-pressed={version.version === shown?.version}
                onClick={() => setChosen(version)}
                style={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'start',
                  padding: '6px 8px',
                  marginBottom: 4,
                  border: 'none',
                  borderRadius: 6,
                  cursor: 'pointer',
                  background: version.version === shown?.version ? 'rgba(22, 119, 255, 0.12)' : 'transparent',
                }}
              >
                <Typography.Text strong>{t('Version {version}', { version: version.version })}</Typography.Text>{' '}
                {version.code === current && <Tag color="green">{t('Current')}</Tag>}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {formatDateTime(version.date, i18n.language)} · {version.username}
                </Typography.Text>
              </button>
            ))}
          </Col>
          <Col span={17}>
            {shown ? (
              <>
                <Typography.Paragraph type="secondary">
                  {shown.code === current
                    ? t('This version is the current code')
                    : t('What restoring version {version} changes in the current code', { version: shown.version })}
                </Typography.Paragraph>
                <Suspense fallback={<Spin />}>
                  <CodeEditor
                    key={shown.version}
                    value={shown.code}
                    original={current}
                    readOnly
                    height="60vh"
                    label={t('Version {version}', { version: shown.version })}
                  />
                </Suspense>
                <Popconfirm
                  title={t('Restore version {version}?', { version: shown.version })}
                  okText={t('Restore')}
                  cancelText={t('Cancel')}
                  onConfirm={() => restore(shown)}
                >
                  <Button
                    type="primary"
                    icon={<RollbackOutlined />}
                    loading={restoring}
                    disabled={shown.code === current}
                    data-testid="script-restore"
                    style={{ marginTop: 12 }}
                  >
                    {t('Restore')}
                  </Button>
                </Popconfirm>
              </>
            ) : (
              <Empty description={t('Every version is the current code')} />
            )}
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
