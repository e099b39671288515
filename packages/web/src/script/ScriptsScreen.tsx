import { useMemo, useState } from 'react';
import { Alert, Button, Col, Empty, Input, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { ListScreen } from '../entities/ListScreen.tsx';
import { listScripts, scriptKeys, type ScriptRecord } from './script-api.ts';
import { scriptsLink, visibleScripts, type ScriptsView } from './scripts-view.ts';
import { ScriptEditor } from './ScriptEditor.tsx';
import { NewScriptModal } from './NewScriptModal.tsx';

const listKind = entityByName('List')!;

/**
 * `/scripts` (spec 000 §2.2, 002 §1): the tenant's scripts on one side, the chosen one's editor
 * on the other; or, with `selectedSettingType=list`, the reference lists. The choice, the
 * filter and the narrowing (entity, user) live in the URL; a middle click on a script opens it
 * in a new tab with `all=1`.
 */
export default function ScriptsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: ScriptsView = {
    name: params.get('name') ?? undefined,
    filter: params.get('filter') ?? '',
    all: params.get('all') === '1',
    username: params.get('username') ?? undefined,
    entityName: params.get('entityName') ?? params.get('entityType') ?? undefined,
  };
  const settingType = params.get('selectedSettingType') === 'list' ? 'list' : 'script';
  const [creating, setCreating] = useState(false);
  const scripts = useQuery({ queryKey: scriptKeys.list({ sort: 'name' }), queryFn: () => listScripts({}) });
  const shown = useMemo(() => visibleScripts(scripts.data ?? [], view), [scripts.data, view]);

  const change = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: 'filter' in changes },
    );

  return (
    <div data-testid="scripts-screen">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Scripts')}
        </Typography.Title>
        <Segmented
          value={settingType}
          onChange={(value) => change({ selectedSettingType: value === 'list' ? 'list' : undefined })}
          options={[
            { value: 'script', label: t('Scripts') },
            { value: 'list', label: t('Lists') },
          ]}
        />
      </Space>
      {settingType === 'list' ? (
        <ListScreen entity={listKind} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={6}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space.Compact style={{ width: '100%' }}>
                <Input.Search
                  allowClear
                  placeholder={t('Filter scripts')}
                  aria-label={t('Filter scripts')}
                  defaultValue={view.filter}
                  onChange={(event) => change({ filter: event.target.value })}
                />
                <Button icon={<PlusOutlined />} data-testid="new-script" onClick={() => setCreating(true)}>
                  {t('New script')}
                </Button>
              </Space.Compact>
              {(view.entityName || view.username) && !view.all && (
                <Space size={4} wrap>
                  {view.entityName && <Tag>{view.entityName}</Tag>}
                  {view.username && <Tag>{view.username}</Tag>}
                  <Button size="small" type="link" onClick={() => change({ all: '1' })}>
                    {t('Show all scripts')}
                  </Button>
                </Space>
              )}
              {scripts.error ? <Alert type="error" title={t('The scripts could not be read')} /> : null}
              <Spin spinning={scripts.isLoading}>
                <nav
                  aria-label={t('Scripts')}
                  data-testid="script-list"
                  style={{ maxHeight: '75vh', overflow: 'auto' }}
                >
                  {shown.map((script) => (
                    <ScriptLink
                      key={script.name}
                      script={script}
                      selected={script.name === view.name}
                      href={scriptsLink({ name: script.name, all: true })}
                      onOpen={() => change({ name: script.name })}
                    />
                  ))}
                  {!scripts.isLoading && !shown.length && <Empty description={t('No scripts')} />}
                </nav>
              </Spin>
            </Space>
          </Col>
          <Col xs={24} lg={18}>
            {view.name ? (
              <ScriptEditor key={view.name} name={view.name} />
            ) : (
              <Empty description={t('Choose a script or create one')} />
            )}
          </Col>
        </Row>
      )}
      {creating && (
        <NewScriptModal
          entityName={view.entityName}
          onClose={() => setCreating(false)}
          onCreated={(name) => {
            setCreating(false);
            change({ name });
          }}
        />
      )}
    </div>
  );
}

/** A script of the list: a plain click opens it here; a middle click, as any link, in a new tab (with `all=1`). */
function ScriptLink({
  script,
  selected,
  href,
  onOpen,
}: {
  script: ScriptRecord;
  selected: boolean;
  href: string;
  onOpen(): void;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      data-testid={`script-${script.name}`}
      aria-current={selected ? 'page' : undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        onOpen();
      }}
      style={{
        display: 'block',
        padding: '6px 8px',
        borderRadius: 6,
        background: selected ? 'var(--ant-control-item-bg-active, #e6f4ff)' : undefined,
        opacity: script.enabled === false ? 0.55 : 1,
      }}
    >
      <Typography.Text strong={selected}>{script.name}</Typography.Text>{' '}
      {script.scriptType && <Tag style={{ marginInlineStart: 4 }}>{script.scriptType}</Tag>}
      {script.enabled === false && <Tag color="default">{t('Off')}</Tag>}
      {script.description && (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {script.description}
        </Typography.Text>
      )}
    </a>
  );
}
