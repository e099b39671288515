import { Button, List, Popconfirm, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { dataProvider, type DocumentItem } from '../app/api/data-provider.ts';
import { useDocumentChanges, useDocuments } from '../app/api/data-hooks.ts';
import { FormCard } from './FormCard.tsx';

/** `1536` → `1.5 KB`. */
export function byteSize(bytes: number | undefined, locale: string): string {
  if (bytes === undefined) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/**
 * The Documents card of a detail screen (spec 001 §2.12): the record's documents, each opened in
 * a new window, renamed in place or deleted; files dropped on the card (or chosen) are attached.
 * The server's refusals (size, extension, content) show as the client shows every error.
 */
export function DocumentsCard({ entity, registration }: { entity: Entity; registration: string }) {
  const { t, i18n } = useTranslation();
  const documents = useDocuments(entity, registration);
  const { upload, rename, remove } = useDocumentChanges(entity, registration);
  const items = documents.data ?? [];
  return (
    <FormCard title={t('Documents')}>
      <Upload.Dragger multiple showUploadList={false} disabled={entity.readOnly} data-testid="documents-upload"
        customRequest={({ file, onSuccess, onError }) => {
          upload.mutateAsync({ file: file as File }).then((answer) => onSuccess?.(answer), (error: Error) => onError?.(error));
        }}>
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p>{upload.isPending ? t('Uploading…') : t('Drop files here or click to choose')}</p>
      </Upload.Dragger>
      <List size="small" loading={documents.isLoading} locale={{ emptyText: t('No documents') }} dataSource={items}
        renderItem={(document: DocumentItem) => (
          <List.Item data-document={document.name} actions={[
            <Popconfirm key="delete" title={t('Delete this document?')} onConfirm={() => remove.mutate(document._id)}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
            </Popconfirm>,
          ]}>
            <Space direction="vertical" size={0}>
              <Typography.Text editable={{ onChange: (name) => { if (name && name !== document.name) rename.mutate({ documentId: document._id, name }); }, triggerType: ['icon'] }}>
                <a href={dataProvider.documentLink(entity, registration, document)} target="_blank" rel="noreferrer">{document.name}</a>
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[document.type, byteSize(document.size, i18n.language)].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Space>
          </List.Item>
        )} />
    </FormCard>
  );
}
