import { useState } from 'react';
import { Button, Empty, Flex, List, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RecordCardProps } from '../app/web-module.ts';
import { ApiFailure } from '../app/api/api-failure.ts';
import { useSession } from '../app/session/session-context.tsx';
import { isAdminUser } from '../app/session/configuration.ts';
import { FormCard } from '../entities/FormCard.tsx';
import { formatDateTime } from '../i18n/formats.ts';
import { NoteEditor } from './NoteEditor.tsx';
import { NoteText } from './NoteText.tsx';
import { useNoteChanges, useNoteVersions, useRecordNotes, type Note } from './notes-api.ts';

/**
 * The Notes card of every detail screen (spec 001 §2.12, "Notes (only when the entity has an
 * id)"): the record's notes, pinned first, newest next, each rendered from its Markdown with its
 * author, date and whether it was edited; a new note written with a preview and a mention picker;
 * its author (or an administrator) pins, edits or deletes it; anyone reads its earlier texts.
 */
export default function NotesCard({ entity, registration }: RecordCardProps) {
  const { t } = useTranslation();
  const notes = useRecordNotes(entity.name, registration);
  const { create } = useNoteChanges();
  const items = notes.data ?? [];
  // Notes the user may not read (no `read /api/core/notes`): no card at all.
  if (notes.error instanceof ApiFailure && notes.error.status === 403) return null;
  return (
    <FormCard title={t('Notes')} extra={items.length ? <Tag>{items.length}</Tag> : undefined}>
      <div data-testid="notes-card">
        <NoteEditor
          saving={create.isPending}
          onSave={(text) => create.mutateAsync({ entityName: entity.name, entityRegistration: registration, text })}
        />
        {items.length ? (
          <List
            size="small"
            dataSource={items}
            rowKey="registration"
            renderItem={(note) => <NoteItem note={note} />}
            style={{ marginTop: 8 }}
          />
        ) : notes.error ? (
          <Typography.Text type="danger">{t('The notes could not be read')}</Typography.Text>
        ) : (
          !notes.isLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No notes yet')} />
        )}
      </div>
    </FormCard>
  );
}

export function NoteItem({ note }: { note: Note }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { update, remove } = useNoteChanges();
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const mine = user?.username === note._insertUser || isAdminUser(user);
  return (
    <List.Item data-testid="note" data-pinned={note.pinned ? 'true' : undefined} style={{ display: 'block' }}>
      <Flex justify="space-between" align="center" gap={4} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note.pinned && <PushpinFilled aria-label={t('Pinned')} style={{ marginInlineEnd: 4 }} />}
          <span data-testid="note-author">{note._insertUser}</span> · {formatDateTime(note._insertDate, i18n.language)}
          {note.editedDate && (
            <Tooltip title={`${note.editedBy ?? ''} · ${formatDateTime(note.editedDate, i18n.language)}`}>
              <span data-testid="note-edited"> · {t('edited')}</span>
            </Tooltip>
          )}
        </Typography.Text>
        <Space size={0}>
          {mine && (
            <Button
              type="text"
              size="small"
              aria-label={note.pinned ? t('Unpin') : t('Pin')}
              title={note.pinned ? t('Unpin') : t('Pin')}
              icon={note.pinned ? <PushpinFilled /> : <PushpinOutlined />}
              onClick={() => update.mutate({ note, change: { pinned: !note.pinned } })}
            />
          )}
          {mine && (
            <Button
              type="text"
              size="small"
              aria-label={t('Edit')}
              title={t('Edit')}
              icon={<EditOutlined />}
              onClick={() => setEditing(true)}
            />
          )}
          {note.editedDate && (
            <Button
              type="text"
              size="small"
              aria-label={t('History')}
              title={t('History')}
              icon={<HistoryOutlined />}
              onClick={() => setHistory(true)}
            />
          )}
          {mine && (
            <Popconfirm
              title={t('Delete this note?')}
              okText={t('Delete')}
              cancelText={t('Cancel')}
              onConfirm={() => remove.mutateAsync(note)}
            >
              <Button
                type="text"
                size="small"
                danger
                aria-label={t('Delete')}
                title={t('Delete')}
                icon={<DeleteOutlined />}
              />
            </Popconfirm>
          )}
        </Space>
      </Flex>
      {editing ? (
        <NoteEditor
          initial={note.text}
          saving={update.isPending}
          saveLabel={t('Save')}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            await update.mutateAsync({ note, change: { text } });
            setEditing(false);
          }}
        />
      ) : (
        <NoteText text={note.text} />
      )}
      {history && <NoteHistory note={note} onClose={() => setHistory(false)} />}
    </List.Item>
  );
}

/** A note's earlier texts, newest first, each with who wrote it and when. */
export function NoteHistory({ note, onClose }: { note: Note; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const versions = useNoteVersions(note.registration);
  return (
    <Modal
      open
      title={t('Versions of {note}', { note: note.registration })}
      onCancel={onClose}
      footer={null}
      width={640}
    >
      <List
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        rowKey={(v) => `${v.date}-${v.user}`}
        renderItem={(version, index) => (
          <List.Item data-testid="note-version" style={{ display: 'block' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {version.user} · {formatDateTime(version.date, i18n.language)}
              {index === 0 && <Tag style={{ marginInlineStart: 8 }}>{t('Current')}</Tag>}
            </Typography.Text>
            <NoteText text={version.text} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
