import { useState } from 'react';
import { Button, Checkbox, Flex, Input, List, Popconfirm, Progress, Select, Space, Typography, Upload } from 'antd';
import { BranchesOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { pdfConversionExtensions, extensionOf } from '@lbo/model/values/files';
import { WATERMARK_MAX_LENGTH } from '@lbo/model/values/watermark';
import { dataProvider, type DocumentItem, type DocumentUploadFields } from '../app/api/data-provider.ts';
import { useDocumentChanges, useDocuments } from '../app/api/data-hooks.ts';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { FormCard } from './FormCard.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { RowTransitions } from './workflow/RowTransitions.tsx';

/** `1536` → `1.5 KB`. */
export function byteSize(bytes: number | undefined, locale: string): string {
  if (bytes === undefined) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

const documentEntity = entityByName('Document')!;

/** A file on its way to the server: its name and how much has gone. */
interface Sending {
  uid: string;
  name: string;
  percent: number;
  failed?: boolean;
}

/**
 * The Documents card of a detail screen (spec 001 §2.12): the record's documents, each opened in
 * a new window, renamed in place, moved through its workflow or deleted; files dropped on the card
 * (or chosen) are attached with the chosen type, converted to PDF or watermarked when asked, each
 * with its progress bar. The server's refusals (size, extension, content) show under the file and
 * as the client shows every error.
 */
export function DocumentsCard({ entity, registration }: { entity: Entity; registration: string }) {
  const { t, i18n } = useTranslation();
  const documents = useDocuments(entity, registration);
  const { upload, rename, remove } = useDocumentChanges(entity, registration);
  const types = useListOptions(documentEntity.fields.type.list);
  const [fields, setFields] = useState<DocumentUploadFields>({});
  const [sending, setSending] = useState<Sending[]>([]);
  const [workflowOf, setWorkflowOf] = useState<DocumentItem>();
  const items = documents.data ?? [];
  const progress = (uid: string, change: Partial<Sending>) =>
    setSending((all) => all.map((s) => (s.uid === uid ? { ...s, ...change } : s)));

  return (
    <FormCard title={t('Documents')}>
      <Flex vertical gap={8} style={{ marginBottom: 8 }}>
        <Select
          allowClear
          size="small"
          placeholder={t('Type')}
          aria-label={t('Type')}
          data-testid="documents-upload-type"
          value={fields.type}
          options={types.options}
          loading={types.loading}
          showSearch
          optionFilterProp="label"
          onChange={(type?: string) => setFields((f) => ({ ...f, type }))}
        />
        <Space wrap>
          <Checkbox
            checked={fields.convertToPdf ?? false}
            data-testid="documents-upload-pdf"
            onChange={(e) => setFields((f) => ({ ...f, convertToPdf: e.target.checked }))}
          >
            {t('Convert to PDF')}
          </Checkbox>
          <Input
            size="small"
            allowClear
            maxLength={WATERMARK_MAX_LENGTH}
            placeholder={t('Watermark')}
            aria-label={t('Watermark')}
            value={fields.watermark}
            onChange={(e) => setFields((f) => ({ ...f, watermark: e.target.value }))}
            style={{ width: 180 }}
          />
        </Space>
      </Flex>
      <Upload.Dragger
        multiple
        showUploadList={false}
        disabled={entity.readOnly}
        data-testid="documents-upload"
        beforeUpload={(file) => {
          // Refused at once rather than after sending it: the server would refuse it the same way.
          if (fields.convertToPdf && !(pdfConversionExtensions as readonly string[]).includes(extensionOf(file.name))) {
            setSending((all) => [
              ...all,
              {
                uid: file.uid,
                name: `${file.name} — ${t('Forbidden document extension "{ext}". Accepted formats: {list}', { ext: extensionOf(file.name), list: pdfConversionExtensions.join(', ') })}`,
                percent: 0,
                failed: true,
              },
            ]);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const sent = file as File & { uid: string };
          setSending((all) => [...all, { uid: sent.uid, name: sent.name, percent: 0 }]);
          upload
            .mutateAsync({
              file: sent,
              fields,
              onProgress: (fraction) => progress(sent.uid, { percent: Math.round(fraction * 100) }),
            })
            .then(
              (answer) => {
                setSending((all) => all.filter((s) => s.uid !== sent.uid));
                onSuccess?.(answer);
              },
              (error: Error) => {
                progress(sent.uid, { failed: true, name: `${sent.name} — ${error.message}` });
                onError?.(error);
              },
            );
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{upload.isPending ? t('Uploading…') : t('Drop files here or click to choose')}</p>
      </Upload.Dragger>
      {sending.map((file) => (
        <div key={file.uid} data-testid="document-sending" data-failed={file.failed ? 'true' : undefined}>
          <Flex justify="space-between" align="center">
            <Typography.Text type={file.failed ? 'danger' : undefined} style={{ fontSize: 12 }}>
              {file.name}
            </Typography.Text>
            {file.failed && (
              <Button
                type="link"
                size="small"
                onClick={() => setSending((all) => all.filter((s) => s.uid !== file.uid))}
              >
                {t('Dismiss')}
              </Button>
            )}
          </Flex>
          <Progress
            percent={file.percent}
            size="small"
            status={file.failed ? 'exception' : file.percent < 100 ? 'active' : 'normal'}
          />
        </div>
      ))}
      <List
        size="small"
        loading={documents.isLoading}
        locale={{ emptyText: t('No documents') }}
        dataSource={items}
        renderItem={(document: DocumentItem) => (
          <List.Item
            data-document={document.name}
            actions={[
              <Button
                key="workflow"
                type="text"
                size="small"
                icon={<BranchesOutlined />}
                aria-label={t('Workflow transitions')}
                onClick={() => setWorkflowOf(document)}
              />,
              <Popconfirm key="delete" title={t('Delete this document?')} onConfirm={() => remove.mutate(document._id)}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
              </Popconfirm>,
            ]}
          >
            <Space direction="vertical" size={0}>
              <Typography.Text
                editable={{
                  onChange: (name) => {
                    if (name && name !== document.name) rename.mutate({ documentId: document._id, name });
                  },
                  triggerType: ['icon'],
                }}
              >
                <a href={dataProvider.documentLink(entity, registration, document)} target="_blank" rel="noreferrer">
                  {document.name}
                </a>
              </Typography.Text>
              <Space size={6}>
                {document.status && <StatusBadge status={document.status} list={documentEntity.status} />}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[
                    document.type ? optionLabel(types.options, document.type, !types.loading) : '',
                    byteSize(document.size, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Space>
            </Space>
          </List.Item>
        )}
      />
      <RowTransitions
        entity={documentEntity}
        registration={workflowOf?.registration}
        version={workflowOf?.status}
        onClose={() => {
          setWorkflowOf(undefined);
          void documents.refetch();
        }}
      />
    </FormCard>
  );
}
