import { useState } from 'react';
import { Button, Space, Statistic, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { queryKeys } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { answerInvitation, committeeKind, inviteAll } from './committees-api.ts';

interface Invitee {
  personRegistration: string;
  name?: string;
  role?: string;
  inviteStatus?: string;
  rsvp?: string;
  invitationDate?: string;
  rsvpDate?: string;
}

const inviteColor: Record<string, string> = { INTENDED: 'default', INVITED: 'blue', PRESENTED: 'green', ABSENT: 'red' };
const rsvpColor: Record<string, string> = { ACCEPTED: 'green', REFUSED: 'red' };

/**
 * `/committee/{registration}`: the generic form with its transitions, then the invitations card:
 * the counts of the list (spec 001 §3), each person's invitation and answer, the invitations sent
 * and answers given in the app (docs/committees.md).
 */
export default function CommitteeScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <InvitationsCard registration={id} committee={data} />}
    </>
  );
}

function InvitationsCard({ registration, committee }: { registration: string; committee: Record<string, unknown> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const persons = (Array.isArray(committee.persons) ? committee.persons : []) as Invitee[];
  const act = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await work();
      notify({ level: 'success', message: t(message) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.kind(committeeKind) });
    } catch {
      // The client has shown the server's error.
    } finally {
      setBusy(false);
    }
  };
  const counts: [string, string][] = [
    ['Projects', 'projectCount'],
    ['Persons', 'personCount'],
    ['Invited', 'invitedCount'],
    ['Accepted', 'acceptedCount'],
    ['Refused', 'refusedCount'],
    ['Presented', 'presentedCount'],
    ['Absent', 'absentCount'],
  ];
  return (
    <FormCard
      title={t('Invitations')}
      extra={
        <Space wrap>
          <Button
            disabled={busy || !persons.some((p) => p.inviteStatus === 'INTENDED')}
            onClick={() => void act(() => inviteAll(registration), 'Invitations sent')}
          >
            {t('Send invitations')}
          </Button>
          <Button
            type="primary"
            disabled={busy}
            onClick={() => void act(() => answerInvitation(registration, 'ACCEPTED'), 'Answer recorded')}
          >
            {t('I accept')}
          </Button>
          <Button
            danger
            disabled={busy}
            onClick={() => void act(() => answerInvitation(registration, 'REFUSED'), 'Answer recorded')}
          >
            {t('I decline')}
          </Button>
        </Space>
      }
    >
      <Space wrap size="large" style={{ marginBottom: 16 }} data-testid="committee-counts">
        {counts.map(([label, field]) => (
          <Statistic key={field} title={t(label)} value={Number(committee[field] ?? 0)} />
        ))}
      </Space>
      <Table<Invitee>
        size="small"
        rowKey="personRegistration"
        dataSource={persons}
        pagination={false}
        locale={{ emptyText: t('No persons on this committee yet') }}
        columns={[
          {
            title: t('Person'),
            key: 'person',
            render: (_, p) => (
              <a href={`/person/${encodeURIComponent(p.personRegistration)}`}>{p.name || p.personRegistration}</a>
            ),
          },
          {
            title: t('Invitation'),
            key: 'inviteStatus',
            render: (_, p) => (
              <Tag color={inviteColor[p.inviteStatus ?? 'INTENDED']}>{t(labelOf(p.inviteStatus ?? 'INTENDED'))}</Tag>
            ),
          },
          {
            title: t('Answer'),
            key: 'rsvp',
            render: (_, p) => (p.rsvp ? <Tag color={rsvpColor[p.rsvp]}>{t(labelOf(p.rsvp))}</Tag> : '—'),
          },
          {
            title: '',
            key: 'actions',
            render: (_, p) => (
              <Space>
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() =>
                    void act(() => answerInvitation(registration, 'ACCEPTED', p.personRegistration), 'Answer recorded')
                  }
                >
                  {t('Accepted')}
                </Button>
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() =>
                    void act(() => answerInvitation(registration, 'REFUSED', p.personRegistration), 'Answer recorded')
                  }
                >
                  {t('Refused')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </FormCard>
  );
}

/** The English label of an invitation or answer code (the reference lists' wording). */
const labels: Record<string, string> = {
  INTENDED: 'Intended',
  INVITED: 'Invited',
  PRESENTED: 'Presented',
  ABSENT: 'Absent',
  ACCEPTED: 'Accepted',
  REFUSED: 'Refused',
};
const labelOf = (code: string) => labels[code] ?? code;
