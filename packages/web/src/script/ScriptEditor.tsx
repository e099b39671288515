import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../app/notify.tsx';
import { useShortcut } from '../app/shortcuts.ts';
import { UnsavedChangesGuard } from '../entities/UnsavedChangesGuard.tsx';
import { readScript, scriptKeys, scriptTypes, updateScript, type ScriptRecord } from './script-api.ts';
import { TestRunPanel } from './TestRunPanel.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

/** What the editor lets one change of a script, besides its switch. */
interface Draft {
  code: string;
  description: string;
  scriptType?: string;
  entityName: string;
}

const draftOf = (script: ScriptRecord): Draft => ({
  code: script.code ?? '',
  description: script.description ?? '',
  scriptType: script.scriptType,
  entityName: script.entityName ?? '',
});

/** The fields of `draft` that differ from `saved`, as a PATCH sends them. */
function changesOf(saved: Draft, draft: Draft): Partial<ScriptRecord> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof Draft)[]) if (draft[key] !== saved[key]) changes[key] = draft[key];
  return changes as Partial<ScriptRecord>;
}

/**
 * One script in the editor: its code with highlighting, its description, type and kind; Save
 * (button or ctrl+S) over the version read; the tenant's on/off switch; a test run of the code
 * being edited; its versions with their diff and Restore.
 */
export function ScriptEditor({ name }: { name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const script = useQuery({ queryKey: scriptKeys.record(name), queryFn: () => readScript(name) });
  const [draft, setDraft] = useState<Draft>();
  const [saving, setSaving] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const saved = script.data ? draftOf(script.data) : undefined;
  // The draft starts from the script read; a write of some fields leaves the others as typed.
  useEffect(() => {
    if (script.data) setDraft((current) => current ?? draftOf(script.data));
  }, [script.data]);
  const changes = saved && draft ? changesOf(saved, draft) : {};
  const dirty = Object.keys(changes).length > 0;

  /** Writes over the version read; the answer is the script as saved, and every screen running it reads it again. */
  const write = async (body: Partial<ScriptRecord>) => {
    if (!script.data) return;
    const written = await updateScript(name, { ...body, _version: script.data._version });
    queryClient.setQueryData(scriptKeys.record(name), written);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['script'] }),
      queryClient.invalidateQueries({ queryKey: scriptKeys.all }),
    ]);
    return written;
  };

  const save = async () => {
    if (!dirty || saving) return;
    setSaving(true);
    try {
      const written = await write(changes);
      if (written) setDraft(draftOf(written));
      notifySuccess(t('Script {name} saved', { name }));
    } catch {
      // The client has shown the refusal; the draft stays as typed.
    } finally {
      setSaving(false);
    }
  };
  useShortcut('ctrl+s', () => void save());

  if (script.isLoading) return <Spin />;
  if (script.error || !script.data || !draft)
    return <Alert type="error" title={t('The script {name} could not be read', { name })} />;
  const record = script.data;
  const set = (changes: Partial<Draft>) => setDraft({ ...draft, ...changes });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="script-editor" data-script={name}>
      <UnsavedChangesGuard when={dirty && !saving} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="script-name">
            {name}
          </Typography.Title>
          {record.status && <Tag>{record.status}</Tag>}
          {dirty && <Tag color="orange">{t('Not saved')}</Tag>}
        </Space>
        <Space wrap>
          <Tooltip title={t('Whether this tenant runs the script')}>
            <Space>
              <Switch
                checked={record.enabled !== false}
                data-testid="script-enabled"
                aria-label={t('Script on or off')}
                onChange={(enabled) =>
                  void write({ enabled }).then(
                    () =>
                      notifySuccess(enabled ? t('Script {name} is on', { name }) : t('Script {name} is off', { name })),
                    () => undefined,
                  )
                }
              />
              <Typography.Text>{record.enabled !== false ? t('On') : t('Off')}</Typography.Text>
            </Space>
          </Tooltip>
          <Button icon={<HistoryOutlined />} data-testid="script-history" onClick={() => setHistoryOpen(true)}>
            {t('History')}
          </Button>
          <Tooltip title="Ctrl+S">
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty}
              loading={saving}
              data-testid="script-save"
              onClick={() => void save()}
            >
              {t('Save')}
            </Button>
          </Tooltip>
        </Space>
      </Flex>
      <Row gutter={8}>
        <Col xs={24} md={12}>
          <Input
            addonBefore={t('Description')}
            value={draft.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </Col>
        <Col xs={12} md={6}>
          <Select
            style={{ width: '100%' }}
            aria-label={t('Type')}
            placeholder={t('Type')}
            value={draft.scriptType}
            allowClear
            options={scriptTypes.map((value) => ({ value, label: value }))}
            onChange={(scriptType?: string) => set({ scriptType })}
          />
        </Col>
        <Col xs={12} md={6}>
          <Input
            placeholder={t('Entity (for layouts)')}
            aria-label={t('Entity (for layouts)')}
            value={draft.entityName}
            onChange={(event) => set({ entityName: event.target.value })}
          />
        </Col>
      </Row>
      <Suspense fallback={<Spin />}>
        <CodeEditor value={draft.code} onChange={(code) => set({ code })} label={t('Code of {name}', { name })} />
      </Suspense>
      <Card size="small" title={t('Test run')}>
        <TestRunPanel name={name} code={draft.code} />
      </Card>
      {historyOpen && (
        <VersionsDrawer
          name={name}
          current={record.code ?? ''}
          onClose={() => setHistoryOpen(false)}
          onRestore={async (code) => {
            const written = await write({ code });
            if (written) setDraft((current) => current && { ...current, code: written.code ?? '' });
            setHistoryOpen(false);
            notifySuccess(t('Former version of {name} restored', { name }));
          }}
        />
      )}
    </Space>
  );
}
