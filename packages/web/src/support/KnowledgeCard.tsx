import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Empty, Input, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api/client.ts';
import { apiPaths, dataProvider } from '../app/api/data-provider.ts';
import { FastLink } from '../entities/FastLink.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { MessageText } from './MessageText.tsx';
import { questionKind, supportKeys, ticketKind, useTicketsRefresh, type Question, type Ticket } from './support-api.ts';

/**
 * The knowledge base from a ticket: the questions linked to it with their answers, and a search of
 * the questions (subject, keywords) whose hits are linked with one click.
 */
export function KnowledgeCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const refresh = useTicketsRefresh();
  const [term, setTerm] = useState('');
  const linkedIds = (ticket.questionRegistrations ?? []).map((q) => q.questionRegistration);
  const linked = useQuery({
    queryKey: supportKeys.linked(linkedIds),
    enabled: linkedIds.length > 0,
    queryFn: ({ signal }) =>
      api.get<Question[]>(apiPaths.kind(questionKind), { signal, query: { registration: linkedIds.join(',') } }),
  });
  const found = useQuery({
    queryKey: supportKeys.questions(term),
    enabled: term.trim().length > 1,
    queryFn: ({ signal }) =>
      api.get<Question[]>(apiPaths.kind(questionKind), { signal, query: { search: term.trim(), range: '[0-9]' } }),
  });
  const link = async (registration: string) => {
    await dataProvider.update(ticketKind, ticket.registration, {
      questionRegistrations: [
        ...linkedIds.map((id) => ({ questionRegistration: id })),
        { questionRegistration: registration },
      ],
      _version: ticket._version,
    });
    await refresh();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="ticket-knowledge">
      {linkedIds.length === 0 ? (
        <Empty description={t('No question linked')} />
      ) : (
        <Collapse
          items={(linked.data ?? []).map((q) => ({
            key: q.registration,
            label: (
              <Space>
                <FastLink to={detailPath(questionKind, q.registration)}>{q.registration}</FastLink>
                {q.subject ?? q.name}
              </Space>
            ),
            children: <MessageText text={q.answer ?? ''} />,
          }))}
        />
      )}
      <Input.Search
        data-testid="question-search"
        allowClear
        placeholder={t('Search the knowledge base')}
        onSearch={setTerm}
      />
      {term.trim().length > 1 && (
        <List
          size="small"
          loading={found.isLoading}
          dataSource={found.data ?? []}
          locale={{ emptyText: t('No question found') }}
          renderItem={(q) => (
            <List.Item
              actions={[
                <Button
                  key="link"
                  size="small"
                  disabled={linkedIds.includes(q.registration)}
                  onClick={() => link(q.registration)}
                >
                  {t('Link')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={q.subject ?? q.name}
                description={<Typography.Text type="secondary">{q.keywords}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
