import { useEffect, useState } from 'react';
import { Button, Image, Space } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dataProvider } from '../app/api/data-provider.ts';
import { saveFile } from './list-export.ts';
import { FormCard } from './FormCard.tsx';

/**
 * The content of a Document on its own detail screen (`/document/{registration}`): a picture's
 * thumbnail shown, and the content opened in a new window or downloaded. The content is read
 * with the session (the list's short-lived link tokens belong to the parent's routes). Its
 * buttons stay enabled in the read-only form of a Document.
 */
export function DocumentContentCard({ id, thumbnail }: { id: string; thumbnail: boolean }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!thumbnail) return undefined;
    let url: string | undefined;
    let cancelled = false;
    dataProvider.documentContent(id, { thumbnail: true }).then(
      ({ file }) => {
        if (cancelled) return;
        url = URL.createObjectURL(file);
        setPreview(url);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, thumbnail]);

  const read = async (then: (file: Blob, fileName: string | undefined) => void) => {
    setBusy(true);
    try {
      const { file, fileName } = await dataProvider.documentContent(id);
      then(file, fileName);
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormCard title={t('Content')}>
      <Space direction="vertical" data-testid="document-content">
        {preview && <Image src={preview} alt={t('Content')} width={200} preview={false} />}
        <Space>
          <Button
            icon={<ExportOutlined />}
            loading={busy}
            disabled={false}
            onClick={() =>
              read((file) => {
                const url = URL.createObjectURL(file);
                window.open(url, '_blank', 'noopener');
                setTimeout(() => URL.revokeObjectURL(url), 60_000);
              })
            }
          >
            {t('Open')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busy}
            disabled={false}
            onClick={() => read((file, fileName) => saveFile(file, fileName ?? id))}
          >
            {t('Download')}
          </Button>
        </Space>
      </Space>
    </FormCard>
  );
}
