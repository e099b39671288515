import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Mentions, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTE_TEXT_MAX } from '@lbo/model/entities/core/note.entity';
import { NoteText } from './NoteText.tsx';
import { searchUsers, type UserOption } from './notes-api.ts';

/**
 * A note's Markdown editor: a text area with a preview, and a mention picker (typing `@` offers
 * the tenant's users, by username or name; choosing one writes `@username`).
 */
export function NoteEditor({
  initial = '',
  saving,
  onSave,
  onCancel,
  saveLabel,
}: {
  initial?: string;
  saving?: boolean;
  onSave(text: string): Promise<unknown>;
  onCancel?(): void;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [users, setUsers] = useState<UserOption[]>([]);
  const [searching, setSearching] = useState(false);
  const pending = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => pending.current?.abort(), []);

  const search = (term: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setSearching(true);
    searchUsers(term, controller.signal).then(
      (found) => {
        setUsers(found);
        setSearching(false);
      },
      () => setSearching(false),
    );
  };

  const save = async () => {
    if (!text.trim()) return;
    await onSave(text);
    setText('');
    setMode('write');
  };

  return (
    <Flex vertical gap={6} data-testid="note-editor">
      <Segmented
        size="small"
        value={mode}
        onChange={(value) => setMode(value as 'write' | 'preview')}
        options={[
          { value: 'write', label: t('Write') },
          { value: 'preview', label: t('Preview') },
        ]}
      />
      {mode === 'write' ? (
        <Mentions
          prefix="@"
          value={text}
          onChange={setText}
          onSearch={search}
          loading={searching}
          autoSize={{ minRows: 3, maxRows: 12 }}
          maxLength={NOTE_TEXT_MAX}
          placeholder={t('Write a note (Markdown; @ mentions a user)')}
          aria-label={t('Note')}
          data-testid="note-text"
          options={users.map((user) => ({
            value: user.registration,
            key: user.registration,
            label: user.name ? `${user.name} (${user.registration})` : user.registration,
          }))}
        />
      ) : (
        <div
          data-testid="note-preview"
          style={{ minHeight: 64, padding: '4px 11px', border: '1px dashed rgba(127,127,127,0.4)', borderRadius: 6 }}
        >
          {text.trim() ? <NoteText text={text} /> : <span style={{ opacity: 0.6 }}>{t('Nothing to preview')}</span>}
        </div>
      )}
      <Flex gap={8} justify="flex-end">
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('Cancel')}
          </Button>
        )}
        <Button
          size="small"
          type="primary"
          loading={saving}
          disabled={!text.trim()}
          onClick={save}
          data-testid="note-save"
        >
          {saveLabel ?? t('Add note')}
        </Button>
      </Flex>
    </Flex>
  );
}
