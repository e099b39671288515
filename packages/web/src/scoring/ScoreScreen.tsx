import { Button, Col, Descriptions, Row as GridRow, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { entityByName } from '@lbo/model/entity-registry';
import type { ExplanationLine } from '@lbo/model/entities/scoring/score-card-rules';
import { api } from '../app/api/client.ts';
import { apiPaths, dataProvider } from '../app/api/data-provider.ts';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { optionLabel, useListOptions } from '../fields/reference-lists.ts';
import { formatDate, formatNumber } from '../i18n/formats.ts';

/** The fields the decision and explanation cards show rather than the generic form. */
const ownCards = ['total', 'decision', 'explanation'] as const;

const decisionColour: Record<string, string> = {
  APPROVE: 'green',
  REFER: 'gold',
  GUARANTOR: 'blue',
  REFUSE: 'red',
};

const dealKind = entityByName('Deal')!;
const personKind = entityByName('Person')!;

export function DecisionTag({ decision }: { decision: unknown }) {
  const { options } = useListOptions('scoreDecision');
  if (typeof decision !== 'string' || !decision) return null;
  return (
    <Tag color={decisionColour[decision] ?? 'default'} data-testid="score-decision" data-decision={decision}>
      {optionLabel(options, decision)}
    </Tag>
  );
}

/**
 * A score (docs/scoring.md): the generic form and workflow card, then why: the total and the
 * card's decision, the explanation line by line (criterion, measured value, band, points, weight,
 * weighted contribution), and the person's other scores, newest first.
 */
export default function ScoreScreen({ entity, canCreate }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id, data } = useDetailRecord(entity);
  const criteria = useListOptions('scoreCriterion');
  const person = typeof data?.personRegistration === 'string' ? data.personRegistration : undefined;
  const history = useQuery({
    queryKey: ['score-history', person],
    queryFn: () => dataProvider.list(entity, { person: person!, sort: '-registration', range: '[0-19]' }),
    enabled: Boolean(person),
  });
  const again = useMutation({
    mutationFn: () =>
      api.post<{ registration: string }>(`${apiPaths.kind(entity)}/compute`, {
        ...(data?.dealRegistration ? { dealRegistration: data.dealRegistration } : { personRegistration: person }),
      }),
    onSuccess: (score) => navigate(detailPath(entity, score.registration)),
  });
  const number = (v: unknown) => (typeof v === 'number' ? formatNumber(v, i18n.language) : '—');
  const lines = (data?.explanation as ExplanationLine[] | undefined) ?? [];
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} omit={ownCards} />
      {id && data && (
        <GridRow gutter={16} data-testid="score-why">
          <Col xs={24} xl={16}>
            <FormCard title={t('Why this decision')}>
              <Descriptions
                size="small"
                column={2}
                items={[
                  {
                    key: 'total',
                    label: t('Total'),
                    children: <strong data-testid="score-total">{number(data.total)}</strong>,
                  },
                  { key: 'decision', label: t('Decision'), children: <DecisionTag decision={data.decision} /> },
                  ...(person
                    ? [
                        {
                          key: 'person',
                          label: t('Person'),
                          children: <Link to={detailPath(personKind, person)}>{person}</Link>,
                        },
                      ]
                    : []),
                  ...(typeof data.dealRegistration === 'string'
                    ? [
                        {
                          key: 'deal',
                          label: t('Deal'),
                          children: (
                            <Link to={detailPath(dealKind, data.dealRegistration)}>{data.dealRegistration}</Link>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              <Table<ExplanationLine>
                size="small"
                rowKey="source"
                pagination={false}
                data-testid="score-explanation"
                dataSource={lines}
                style={{ marginTop: 12 }}
                columns={[
                  {
                    key: 'criterion',
                    title: t('Criterion'),
                    render: (_, line) => line.label ?? optionLabel(criteria.options, line.source, !criteria.loading),
                  },
                  { key: 'value', title: t('Value'), align: 'right', render: (_, line) => number(line.value) },
                  {
                    key: 'band',
                    title: t('Band'),
                    render: (_, line) =>
                      line.band === 'no data' ? t('No data') : line.band === 'no band' ? t('No band') : line.band,
                  },
                  { key: 'points', title: t('Points'), align: 'right', render: (_, line) => number(line.points) },
                  { key: 'weight', title: t('Weight'), align: 'right', render: (_, line) => number(line.weight) },
                  {
                    key: 'contribution',
                    title: t('Contribution'),
                    align: 'right',
                    render: (_, line) => (
                      <Typography.Text type={line.contribution < 0 ? 'danger' : undefined}>
                        {number(line.contribution)}
                      </Typography.Text>
                    ),
                  },
                ]}
                summary={() => (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={5}>
                      {t('Total')}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <strong>{number(data.total)}</strong>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
              />
              <Button style={{ marginTop: 12 }} loading={again.isPending} onClick={() => again.mutate()}>
                {t('Score again')}
              </Button>
            </FormCard>
          </Col>
          <Col xs={24} xl={8}>
            <FormCard title={t('Score history')}>
              <Table
                size="small"
                rowKey="registration"
                pagination={false}
                data-testid="score-history"
                loading={history.isLoading}
                dataSource={history.data?.rows ?? []}
                columns={[
                  {
                    key: 'registration',
                    title: t('Score'),
                    render: (_, row) => (
                      <Link to={detailPath(entity, String(row.registration))}>{String(row.registration)}</Link>
                    ),
                  },
                  { key: 'date', title: t('Date'), render: (_, row) => formatDate(row.scoreDate, i18n.language) },
                  { key: 'total', title: t('Total'), align: 'right', render: (_, row) => number(row.total) },
                  {
                    key: 'decision',
                    title: t('Decision'),
                    render: (_, row) => <DecisionTag decision={row.decision} />,
                  },
                ]}
              />
            </FormCard>
          </Col>
        </GridRow>
      )}
    </>
  );
}
