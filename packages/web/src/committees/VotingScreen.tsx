import { useState } from 'react';
import { Alert, Button, Input, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { queryKeys } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { castVote, committeeQueryKeys, votingKind, votingTally, type Count } from './committees-api.ts';

const outcomeColor: Record<string, string> = { APPROVED: 'green', REJECTED: 'red', NO_QUORUM: 'orange' };
const outcomeLabel: Record<string, string> = { APPROVED: 'Approved', REJECTED: 'Rejected', NO_QUORUM: 'No quorum' };
const choiceLabel: Record<string, string> = { FOR: 'For', AGAINST: 'Against', ABSTAIN: 'Abstain' };

/**
 * `/voting/{registration}`: the generic form with its transitions (open, close, cancel), then the
 * ballot: the vote buttons for an eligible voter who has not voted, the live count of an open
 * ballot (a secret one shows only who voted until it closes), and the result once closed.
 */
export default function VotingScreen({ entity, canCreate }: ScreenProps) {
  const { id, data } = useDetailRecord(entity);
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && <BallotCard registration={id} status={String(data.status ?? '')} />}
    </>
  );
}

function BallotCard({ registration, status }: { registration: string; status: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: tally } = useQuery({
    queryKey: [...committeeQueryKeys.tally(registration), status],
    queryFn: () => votingTally(registration),
    // Live while the ballot is open.
    refetchInterval: status === 'OPEN' ? 5000 : false,
  });
  const cast = async (choice: string) => {
    setBusy(true);
    try {
      await castVote(registration, choice, comment.trim() || undefined);
      setComment('');
      notify({ level: 'success', message: t('Your vote is recorded') });
      await queryClient.invalidateQueries({ queryKey: committeeQueryKeys.tally(registration) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.kind(votingKind) });
    } catch {
      // The client has shown the server's error.
    } finally {
      setBusy(false);
    }
  };
  if (!tally) return null;
  const shown: Count | null = tally.result ?? tally.count;
  return (
    <FormCard title={t('Ballot')}>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="ballot">
        {tally.canVote && (
          <Space wrap>
            <Input
              aria-label={t('Comment')}
              placeholder={t('Comment (optional)')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              style={{ width: 280 }}
            />
            <Button type="primary" disabled={busy} onClick={() => void cast('FOR')}>
              {t('Vote for')}
            </Button>
            <Button danger disabled={busy} onClick={() => void cast('AGAINST')}>
              {t('Vote against')}
            </Button>
            <Button disabled={busy} onClick={() => void cast('ABSTAIN')}>
              {t('Abstain')}
            </Button>
          </Space>
        )}
        {tally.myVote && (
          <Alert
            type="info"
            message={t('You voted: {choice}', { choice: t(choiceLabel[tally.myVote.choice] ?? tally.myVote.choice) })}
          />
        )}
        <Typography.Text type="secondary">
          {t('{voted} of {eligible} voters have voted', { voted: tally.voted, eligible: tally.eligible })}
        </Typography.Text>
        {shown ? (
          <Space wrap size="large" data-testid="tally">
            <Statistic title={t('For')} value={shown.forCount} />
            <Statistic title={t('Against')} value={shown.againstCount} />
            <Statistic title={t('Abstain')} value={shown.abstainCount} />
            <Statistic title={t('Quorum')} value={`${shown.voteCount} / ${shown.quorumRequired}`} />
            <div>
              <Typography.Text type="secondary">{tally.result ? t('Result') : t('So far')}</Typography.Text>
              <div>
                <Tag color={outcomeColor[shown.outcome]} data-testid="outcome">
                  {t(outcomeLabel[shown.outcome] ?? shown.outcome)}
                </Tag>
              </div>
            </div>
          </Space>
        ) : (
          <Alert type="warning" message={t('Secret ballot: the count is shown once the voting is closed')} />
        )}
        {tally.result?.decision && <Typography.Text data-testid="decision">{tally.result.decision}</Typography.Text>}
        <Table
          size="small"
          rowKey="username"
          dataSource={tally.voters}
          pagination={false}
          columns={[
            { title: t('Voter'), dataIndex: 'username', key: 'username' },
            {
              title: t('Voted'),
              key: 'voted',
              render: (_, v) => (v.voted ? <Tag color="blue">{t('Voted')}</Tag> : <Tag>{t('Not yet')}</Tag>),
            },
            {
              title: t('Choice'),
              key: 'choice',
              render: (_, v) => (v.choice ? t(choiceLabel[v.choice] ?? v.choice) : ''),
            },
            { title: t('Comment'), dataIndex: 'comment', key: 'comment' },
          ]}
        />
      </Space>
    </FormCard>
  );
}
