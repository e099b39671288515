import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { KnowledgeCard } from './KnowledgeCard.tsx';
import { SlaTags } from './SlaTags.tsx';
import { TicketThread } from './TicketThread.tsx';
import type { Ticket } from './support-api.ts';

/** The thread and the linked questions are edited by their cards, not by the form. */
const omitted = ['messages', 'questionRegistrations'] as const;

/**
 * A ticket (`/ticket/{registration}`): its service levels, the generic form and workflow for its
 * fields and linked records (documents as on every record), its thread with the reply and
 * internal-note composer, and the knowledge-base questions linked to it.
 */
export default function TicketScreen({ entity, canCreate }: ScreenProps) {
  const { t } = useTranslation();
  const { id, data } = useDetailRecord(entity);
  const ticket = data as Ticket | undefined;
  return (
    <>
      {id && ticket && (
        <div style={{ marginBottom: 12 }}>
          <SlaTags ticket={ticket} />
        </div>
      )}
      <DetailScreen entity={entity} canCreate={canCreate} omit={omitted} />
      {id && ticket && <TicketThread ticket={ticket} />}
      {id && ticket && (
        <FormCard title={t('Knowledge base')}>
          <KnowledgeCard ticket={ticket} />
        </FormCard>
      )}
    </>
  );
}
