import { useState } from 'react';
import { Button, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../app/notify.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { formatDateTime } from '../i18n/formats.ts';
import { MessageText } from './MessageText.tsx';
import { postMessage, useTicketsRefresh, type Ticket } from './support-api.ts';

type Mode = 'reply' | 'note';

/**
 * A ticket's thread, oldest first: replies to the requester, the requester's answers and internal
 * notes (yellow), with the composer of a reply or an internal note (Markdown).
 */
export function TicketThread({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation();
  const refresh = useTicketsRefresh();
  const [mode, setMode] = useState<Mode>('reply');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const messages = (ticket.messages ?? []).map((m, i) => ({ ...m, key: i }));

  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await postMessage(ticket.registration, { body: text, internal: mode === 'note' });
      setText('');
      notify({ level: 'success', message: mode === 'note' ? 'Internal note added' : 'Reply sent' });
      await refresh();
    } finally {
      setSending(false);
    }
  };

  return (
    <FormCard title={t('Conversation')}>
      {messages.length === 0 ? (
        <Empty description={t('No message yet')} />
      ) : (
        <List
          data-testid="ticket-thread"
          dataSource={messages}
          renderItem={(m) => (
            <List.Item
              data-testid="ticket-message"
              data-internal={m.internal ? 'true' : 'false'}
              style={m.internal ? { background: '#fffbe6', paddingInline: 12 } : { paddingInline: 12 }}
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    <Typography.Text strong>{m.author}</Typography.Text>
                    <Typography.Text type="secondary">{formatDateTime(m.date, i18n.language)}</Typography.Text>
                    {m.internal && <Tag color="gold">{t('Internal note')}</Tag>}
                    {m.fromRequester && <Tag color="purple">{t('Requester')}</Tag>}
                  </Space>
                }
                description={<MessageText text={m.body ?? ''} />}
              />
            </List.Item>
          )}
        />
      )}
      <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          options={[
            { value: 'reply', label: t('Reply to requester') },
            { value: 'note', label: t('Internal note') },
          ]}
        />
        <Input.TextArea
          data-testid="ticket-composer"
          rows={4}
          value={text}
          maxLength={20000}
          placeholder={mode === 'note' ? t('A note for the team (Markdown)') : t('Your answer (Markdown)')}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="primary" loading={sending} disabled={!text.trim()} onClick={send} data-testid="ticket-send">
          {mode === 'note' ? t('Add note') : t('Send reply')}
        </Button>
      </Space>
    </FormCard>
  );
}
