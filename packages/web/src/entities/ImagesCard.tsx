import { useState } from 'react';
import { Button, Carousel, Empty, Flex, Image, Popconfirm, Progress, Space, Tag, Tooltip, Upload } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import { pictureExtensions } from '@lbo/model/values/files';
import { dataProvider, type DocumentItem } from '../app/api/data-provider.ts';
import { useDocumentChanges, useDocuments } from '../app/api/data-hooks.ts';
import { FormCard } from './FormCard.tsx';

const pictureTypes = new Set(['MAINIMAGE', 'IMAGE']);

/** The main picture first, then the others by `sortIndex` (the server's `-type,sortIndex`). */
export const picturesOf = (documents: DocumentItem[]) => documents.filter((d) => pictureTypes.has(d.type ?? ''));

/**
 * The new places of the pictures when `moved` goes one step left (-1) or right (+1) among the
 * ordinary pictures: every picture gets its position as `sortIndex`, so that the order is whole
 * and unambiguous afterwards. Answers only the changes.
 */
export function reordered(
  pictures: DocumentItem[],
  moved: string,
  step: -1 | 1,
): { documentId: string; sortIndex: number }[] {
  const ordinary = pictures.filter((p) => p.type === 'IMAGE');
  const from = ordinary.findIndex((p) => p._id === moved);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ordinary.length) return [];
  const order = [...ordinary];
  [order[from], order[to]] = [order[to], order[from]];
  return order.flatMap((p, index) => (p.sortIndex === index ? [] : [{ documentId: p._id, sortIndex: index }]));
}

/**
 * The Images card of an asset (spec 001 §2.12, 002 §3): its pictures as a carousel of
 * thumbnails, each opened full size; pictures are added (the first becomes the main one), made
 * the main picture, moved left or right, and deleted.
 */
export function ImagesCard({ entity, registration }: { entity: Entity; registration: string }) {
  const { t } = useTranslation();
  const documents = useDocuments(entity, registration);
  const { upload, rename, remove } = useDocumentChanges(entity, registration);
  const [percent, setPercent] = useState<number>();
  const pictures = picturesOf(documents.data ?? []);
  const ordinary = pictures.filter((p) => p.type === 'IMAGE');

  const move = async (picture: DocumentItem, step: -1 | 1) => {
    for (const change of reordered(pictures, picture._id, step)) await rename.mutateAsync(change);
  };

  return (
    <FormCard title={t('Images')}>
      <div data-testid="images-card" data-count={pictures.length}>
        {pictures.length ? (
          <Carousel dots arrows infinite={false} adaptiveHeight>
            {pictures.map((picture) => (
              <div key={picture._id} data-picture={picture.name}>
                <Flex vertical align="center" gap={6}>
                  <Image
                    height={200}
                    style={{ objectFit: 'contain' }}
                    alt={picture.name}
                    src={dataProvider.documentLink(entity, registration, picture, { thumbnail: picture.thumbnail })}
                    preview={{ src: dataProvider.documentLink(entity, registration, picture) }}
                  />
                  <Space size={4}>
                    {picture.type === 'MAINIMAGE' ? (
                      <Tag color="gold">{t('Main image')}</Tag>
                    ) : (
                      <>
                        <Tooltip title={t('Move left')}>
                          <Button
                            size="small"
                            icon={<ArrowLeftOutlined />}
                            aria-label={t('Move left')}
                            disabled={ordinary[0]?._id === picture._id}
                            onClick={() => move(picture, -1)}
                          />
                        </Tooltip>
                        <Tooltip title={t('Make it the main image')}>
                          <Button
                            size="small"
                            icon={<StarOutlined />}
                            aria-label={t('Make it the main image')}
                            onClick={() => rename.mutate({ documentId: picture._id, type: 'MAINIMAGE' })}
                          />
                        </Tooltip>
                        <Tooltip title={t('Move right')}>
                          <Button
                            size="small"
                            icon={<ArrowRightOutlined />}
                            aria-label={t('Move right')}
                            disabled={ordinary.at(-1)?._id === picture._id}
                            onClick={() => move(picture, 1)}
                          />
                        </Tooltip>
                      </>
                    )}
                    <Popconfirm title={t('Delete this picture?')} onConfirm={() => remove.mutate(picture._id)}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('Delete')} />
                    </Popconfirm>
                  </Space>
                </Flex>
              </div>
            ))}
          </Carousel>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No pictures')} />
        )}
      </div>
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        <Upload
          accept={pictureExtensions.map((e) => `.${e}`).join(',')}
          multiple
          showUploadList={false}
          disabled={entity.readOnly}
          customRequest={({ file, onSuccess, onError }) => {
            const type = pictures.some((p) => p.type === 'MAINIMAGE') ? 'IMAGE' : 'MAINIMAGE';
            upload
              .mutateAsync({
                file: file as File,
                fields: { type, sortIndex: ordinary.length },
                onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
              })
              .then(
                (answer) => {
                  setPercent(undefined);
                  onSuccess?.(answer);
                },
                (error: Error) => {
                  setPercent(undefined);
                  onError?.(error);
                },
              );
          }}
        >
          <Button size="small" icon={<PlusOutlined />} data-testid="images-add">
            {t('Add pictures')}
          </Button>
        </Upload>
        {percent !== undefined && <Progress percent={percent} size="small" status="active" />}
      </Flex>
    </FormCard>
  );
}
