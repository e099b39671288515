import { useState } from 'react';
import { Alert, Button, Col, Flex, List, Row, Spin, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session/session-context.tsx';
import { formatDateTime } from '../i18n/formats.ts';
import { SectionCard } from './SectionCard.tsx';
import { checkConfiguration, useSections, type ConfigCheck } from './tenant-api.ts';

/**
 * `/tenant`: the current tenant's configuration, one card per section the server lists (its
 * form, or its JSON), and the configuration check (spec 000 §7), which reports each section the
 * validators refuse and puts back the default records the tenant misses.
 */
export default function TenantConfigurationScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const sections = useSections();
  const [check, setCheck] = useState<ConfigCheck>();
  const [checking, setChecking] = useState(false);

  const runCheck = async () => {
    setChecking(true);
    try {
      setCheck(await checkConfiguration());
    } finally {
      setChecking(false);
    }
  };

  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Tenant configuration')}{' '}
          {user?.tenant && <Typography.Text type="secondary">({user.tenant})</Typography.Text>}
        </Typography.Title>
        <Button icon={<CheckCircleOutlined />} loading={checking} onClick={() => void runCheck()}>
          {t('Check configuration')}
        </Button>
      </Flex>
      {check && (
        <Alert
          data-testid="config-check"
          type={check.errors.length ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setCheck(undefined)}
          message={
            check.errors.length
              ? t('The configuration check found {{count}} problem(s)', { count: check.errors.length })
              : t('The configuration is valid')
          }
          description={
            <>
              {check.errors.length > 0 && (
                <List size="small" dataSource={check.errors} renderItem={(e) => <List.Item>{e}</List.Item>} />
              )}
              <Typography.Text type="secondary">
                {t('Defaults inserted: {{lists}} list(s), {{scripts}} script(s), {{reports}} report(s)', {
                  lists: check.insertedLists,
                  scripts: check.insertedScripts,
                  reports: check.insertedReports,
                })}{' '}
                · {t('Checked on')} {formatDateTime(check.lastConfigCheckDate, i18n.language)}
              </Typography.Text>
            </>
          }
        />
      )}
      {sections.isLoading ? (
        <Spin />
      ) : (
        <Row gutter={[16, 16]}>
          {(sections.data ?? []).map((section) => (
            <Col key={section.name} xs={24} xl={12}>
              <SectionCard section={section} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
