import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/formats.ts';
import type { Ticket } from './support-api.ts';

/** A ticket's service levels: each due instant, red when missed, green when met, blue while running. */
export function SlaTags({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation();
  const tag = (
    label: string,
    due: string | undefined,
    done: string | undefined,
    late: boolean | undefined,
    id: string,
  ) => {
    if (!due) return null;
    const color = late ? 'red' : done ? 'green' : 'blue';
    const text = late ? t('{label} late', { label }) : done ? t('{label} met', { label }) : t('{label} due', { label });
    return (
      <Tooltip title={formatDateTime(due, i18n.language)}>
        <Tag color={color} data-testid={id} data-late={late ? 'true' : 'false'}>
          {text}
        </Tag>
      </Tooltip>
    );
  };
  return (
    <Space wrap data-testid="sla-tags">
      {ticket.breached && (
        <Tag color="red" data-testid="sla-breached">
          {t('SLA breached')}
        </Tag>
      )}
      {tag(
        t('First answer'),
        ticket.firstResponseDue,
        ticket.firstResponseDate,
        ticket.firstResponseBreached,
        'sla-first-answer',
      )}
      {tag(t('Resolution'), ticket.resolutionDue, ticket.resolvedDate, ticket.resolutionBreached, 'sla-resolution')}
    </Space>
  );
}
