import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Input,
  Progress,
  Select,
  Space,
  Statistic,
  Steps,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { importableKinds } from '@lbo/model/entities/script/import.entity';
import type { Row } from '../app/api/data-provider.ts';
import { BatchProgress } from '../entities/BatchProgress.tsx';
import { saveFile } from '../entities/list-export.ts';
import { importApi, uploadImport, type DryRunResult, type MappingView } from './imports-api.ts';

type Step = 'upload' | 'mapping' | 'test' | 'run' | 'result';
const steps: Step[] = ['upload', 'mapping', 'test', 'run', 'result'];
const AUTO = '';

/**
 * The import wizard (docs/imports.md), as Odoo's and Salesforce's: upload a file for a kind, map
 * its columns (suggested, editable, saved as a template), test every row (errors by row, column
 * and field), import the valid rows in the background with live progress, then the result and
 * the error report to fix and import again. Shown by `/imports?wizard=new`; `?wizard=IMP…` reopens an import at its mapping.
 */
export function ImportWizard() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [step, setStep] = useState<Step>('upload');
  const [kind, setKind] = useState('Person');
  const [file, setFile] = useState<File>();
  const [encoding, setEncoding] = useState(AUTO);
  const [delimiter, setDelimiter] = useState(AUTO);
  const [sheet, setSheet] = useState('');
  const [template, setTemplate] = useState<string>();
  const [templates, setTemplates] = useState<string[]>([]);
  const [uploading, setUploading] = useState<number>();
  const [view, setView] = useState<MappingView>();
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [keyField, setKeyField] = useState<string | null>(null);
  const [templateName, setTemplateName] = useState('');
  const [dryRun, setDryRun] = useState<DryRunResult>();
  const [batch, setBatch] = useState<string>();
  const [result, setResult] = useState<Row>();
  const [busy, setBusy] = useState(false);
  const asked = params.get('wizard');
  const id = view?.registration ?? (asked && asked !== 'new' ? asked : undefined);

  const kinds = useMemo(
    () =>
      importableKinds(entities)
        .map((e) => ({ value: e.name, label: t(e.labels.en.plural) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );

  useEffect(() => {
    importApi.templates(kind).then(
      (list) => setTemplates(list.map((x) => x.name)),
      () => setTemplates([]),
    );
  }, [kind]);

  const showMapping = (next: MappingView) => {
    setView(next);
    setMapping(next.mapping);
    setKeyField(next.keyField);
    setTemplateName(next.templateName ?? '');
    setStep('mapping');
  };

  useEffect(() => {
    if (asked && asked !== 'new' && !view) importApi.mapping(asked).then(showMapping, () => undefined);
  }, [asked, view]);

  const busyWith = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const upload = () =>
    busyWith(async () => {
      if (!file) return;
      setUploading(0);
      try {
        const answer = await uploadImport(file, { kind, encoding, delimiter, sheet, template }, setUploading);
        setParams({ wizard: answer.registration }, { replace: true });
        showMapping(answer);
      } finally {
        setUploading(undefined);
      }
    });

  const test = () =>
    busyWith(async () => {
      if (!id) return;
      await importApi.saveMapping(id, {
        mapping,
        keyField,
        ...(templateName.trim() ? { templateName: templateName.trim() } : {}),
      });
      setDryRun(await importApi.dryRun(id));
      setStep('test');
    });

  const run = () =>
    busyWith(async () => {
      if (!id) return;
      const started = await importApi.run(id);
      setBatch(String(started.batch.registration));
      setStep('run');
    });

  const ended = async () => {
    if (!id) return;
    setResult((await importApi.progress(id)).import);
    setStep('result');
  };

  const downloadReport = async () => {
    if (!id) return;
    const { file: report, fileName } = await importApi.errorReport(id);
    saveFile(report, fileName);
  };

  const fieldOptions = (view?.fields ?? []).map((f) => ({
    value: f.path,
    label: f.path.includes('.') ? `${f.path} (${t(f.label)})` : `${t(f.label)} (${f.path})`,
  }));
  const kindLabel = (name: string) => {
    const entity = entityByName(name);
    return entity ? t(entity.labels.en.plural) : name;
  };
  const errorRows = (dryRun?.failures ?? []).flatMap((failure) =>
    failure.errors.map((error, i) => ({ key: `${failure.row}-${i}`, row: failure.row, ...error })),
  );

  return (
    <Card title={t('Import a file')} data-testid="import-wizard">
      <Steps
        current={steps.indexOf(step)}
        style={{ marginBottom: 24 }}
        items={[t('Upload'), t('Mapping'), t('Test'), t('Import'), t('Result')].map((title) => ({ title }))}
      />
      {step === 'upload' && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Flex gap={12} wrap align="center">
            <Typography.Text>{t('Import into')}</Typography.Text>
            <Select
              data-testid="import-kind"
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 260 }}
              value={kind}
              options={kinds}
              onChange={(value) => {
                setKind(value);
                setTemplate(undefined);
              }}
            />
            <Typography.Text>{t('Template')}</Typography.Text>
            <Select
              data-testid="import-template"
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('Suggested mapping')}
              value={template}
              options={templates.map((name) => ({ value: name, label: name }))}
              onChange={setTemplate}
            />
          </Flex>
          <Upload.Dragger
            accept=".csv,.txt,.xlsx"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(undefined)}
            data-testid="import-file"
          >
            <p>{t('Drop a CSV or XLSX file here, or click to choose one')}</p>
          </Upload.Dragger>
          <Flex gap={12} wrap align="center">
            <Typography.Text>{t('Encoding')}</Typography.Text>
            <Select
              style={{ width: 180 }}
              value={encoding}
              onChange={setEncoding}
              options={[
                { value: AUTO, label: t('Detected') },
                { value: 'utf-8', label: 'UTF-8' },
                { value: 'windows-1252', label: 'Windows-1252' },
              ]}
            />
            <Typography.Text>{t('Delimiter')}</Typography.Text>
            <Select
              style={{ width: 160 }}
              value={delimiter}
              onChange={setDelimiter}
              options={[
                { value: AUTO, label: t('Detected') },
                { value: ';', label: ';' },
                { value: ',', label: ',' },
                { value: '\t', label: t('Tab') },
                { value: '|', label: '|' },
              ]}
            />
            <Typography.Text>{t('Sheet')}</Typography.Text>
            <Input
              style={{ width: 180 }}
              placeholder={t('First sheet')}
              value={sheet}
              onChange={(e) => setSheet(e.target.value)}
            />
          </Flex>
          {uploading !== undefined && <Progress percent={Math.round(uploading * 100)} />}
          <Button type="primary" disabled={!file} loading={busy} onClick={upload} data-testid="import-upload">
            {t('Upload')}
          </Button>
        </Space>
      )}
      {step === 'mapping' && view && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Text>
            {t('{kind}: choose the field of each column; columns left empty are not imported.', {
              kind: kindLabel(view.kind),
            })}
          </Typography.Text>
          <Flex gap={12} wrap align="center">
            <Typography.Text>{t('Apply a template')}</Typography.Text>
            <Select
              allowClear
              style={{ minWidth: 200 }}
              options={view.templates.map((x) => ({ value: x.name, label: x.name }))}
              onChange={(name) => {
                const chosen = view.templates.find((x) => x.name === name);
                if (!chosen) return;
                setMapping(
                  Object.fromEntries(Object.entries(chosen.mapping).filter(([c]) => view.columns.includes(c))),
                );
                setKeyField(chosen.keyField ?? null);
                setTemplateName(chosen.name);
              }}
            />
            <Button onClick={() => setMapping(view.suggested)}>{t('Suggested mapping')}</Button>
          </Flex>
          <Table
            size="small"
            pagination={false}
            rowKey="column"
            data-testid="import-mapping"
            dataSource={view.columns.map((column) => ({ column }))}
            columns={[
              { title: t('Column'), dataIndex: 'column' },
              {
                title: t('Field'),
                render: (_: unknown, { column }: { column: string }) => (
                  <Select
                    data-testid={`map-${column}`}
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    style={{ minWidth: 320 }}
                    placeholder={t('Not imported')}
                    value={mapping[column]}
                    options={fieldOptions}
                    onChange={(value?: string) => {
                      const next = { ...mapping };
                      if (value) next[column] = value;
                      else delete next[column];
                      setMapping(next);
                    }}
                  />
                ),
              },
            ]}
          />
          <Flex gap={12} wrap align="center">
            <Typography.Text>{t('Update by key')}</Typography.Text>
            <Select
              data-testid="import-key"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 220 }}
              placeholder={t('None: every row creates a record')}
              value={keyField ?? undefined}
              onChange={(value?: string) => setKeyField(value ?? null)}
              options={view.keyFields.map((path) => ({ value: path, label: path }))}
            />
            <Typography.Text>{t('Save as template')}</Typography.Text>
            <Input
              data-testid="import-template-name"
              style={{ width: 220 }}
              placeholder={t('Template name')}
              value={templateName}
              onChange={(e) => setTemplateName(e.target.value)}
            />
          </Flex>
          <Button type="primary" loading={busy} onClick={test} data-testid="import-test">
            {t('Test the import')}
          </Button>
        </Space>
      )}
      {step === 'test' && dryRun && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Flex gap={32} data-testid="dry-run-summary" data-failed={dryRun.failedRows} data-valid={dryRun.validRows}>
            <Statistic title={t('Rows')} value={dryRun.totalRows} />
            <Statistic title={t('Valid rows')} value={dryRun.validRows} />
            <Statistic title={t('Rows in error')} value={dryRun.failedRows} />
          </Flex>
          {dryRun.failedRows ? (
            <Table
              size="small"
              data-testid="dry-run-errors"
              dataSource={errorRows}
              pagination={{ pageSize: 50 }}
              columns={[
                { title: t('Row'), dataIndex: 'row', width: 80 },
                { title: t('Column'), dataIndex: 'column' },
                { title: t('Field'), dataIndex: 'field' },
                { title: t('Error'), dataIndex: 'message' },
              ]}
            />
          ) : (
            <Alert type="success" title={t('Every row is valid')} />
          )}
          {dryRun.truncated && <Alert type="info" title={t('Only the first 1,000 rows in error are shown')} />}
          <Flex gap={12}>
            <Button onClick={() => setStep('mapping')}>{t('Back to the mapping')}</Button>
            <Button type="primary" loading={busy} disabled={!dryRun.validRows} onClick={run} data-testid="import-run">
              {t('Import {count} valid rows', { count: dryRun.validRows })}
            </Button>
          </Flex>
        </Space>
      )}
      {step === 'run' && batch && <BatchProgress registration={batch} onEnd={ended} />}
      {step === 'result' && result && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Flex gap={32} data-testid="import-result" data-status={String(result.status)}>
            <Statistic title={t('Created')} value={Number(result.createdRows ?? 0)} />
            <Statistic title={t('Updated')} value={Number(result.updatedRows ?? 0)} />
            <Statistic title={t('Failed')} value={Number(result.failedRows ?? 0)} />
          </Flex>
          {result.lastError ? <Alert type="error" title={String(result.lastError)} /> : null}
          <Flex gap={12}>
            {Number(result.failedRows ?? 0) > 0 && (
              <Button onClick={downloadReport} data-testid="import-error-report">
                {t('Download the error report')}
              </Button>
            )}
            <Button
              onClick={() => {
                setParams({ wizard: 'new' });
                setView(undefined);
                setDryRun(undefined);
                setResult(undefined);
                setFile(undefined);
                setStep('upload');
              }}
            >
              {t('New import')}
            </Button>
          </Flex>
        </Space>
      )}
    </Card>
  );
}
