import { Breadcrumb, Card, Descriptions, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { ApiFailure } from '../app/api/api-failure.ts';
import { apiPaths, queryKeys } from '../app/api/data-provider.ts';
import { detailPath } from '../entities/entity-fields.ts';
import { formatDateTime } from '../i18n/formats.ts';
import { NoteItem } from './NotesCard.tsx';
import { noteKind, type Note } from './notes-api.ts';

/**
 * A note's own screen (`/note/{id}`): the record it belongs to (a link to that record's screen),
 * its author and date, and its text rendered, with the card's actions (pin, edit, delete, versions).
 */
export default function NoteScreen() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const note = useQuery({
    queryKey: queryKeys.record(noteKind, id),
    queryFn: ({ signal }) => api.get<Note>(apiPaths.record(noteKind, id), { signal, silent: true }),
    retry: false,
  });
  if (note.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!note.data) {
    const status = note.error instanceof ApiFailure ? note.error.status : 0;
    return (
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
        title={
          status === 404
            ? t('Not found')
            : status === 403
              ? t('You may not read this record')
              : t('Oops, something went wrong')
        }
      />
    );
  }
  const data = note.data;
  const kind = entityByName(data.entityName);
  const recordLink = kind ? (
    <Link to={detailPath(kind, data.entityRegistration)} data-testid="note-record-link">
      {t(kind.labels.en.singular)} {data.entityRegistration}
    </Link>
  ) : (
    `${data.entityName} ${data.entityRegistration}`
  );
  return (
    <div style={{ padding: 16, maxWidth: 900 }}>
      <Breadcrumb
        items={[{ title: <Link to={`/${noteKind.listRoute}`}>{t('Notes')}</Link> }, { title: data.registration }]}
        style={{ marginBottom: 12 }}
      />
      <Card size="small" title={`${t('Note')} ${data.registration}`}>
        <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
          <Descriptions.Item label={t('Record')}>{recordLink}</Descriptions.Item>
          <Descriptions.Item label={t('Author')}>{data._insertUser}</Descriptions.Item>
          <Descriptions.Item label={t('Date')}>{formatDateTime(data._insertDate, i18n.language)}</Descriptions.Item>
        </Descriptions>
        <NoteItem note={data} />
      </Card>
    </div>
  );
}
