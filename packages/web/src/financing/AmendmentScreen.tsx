import { Alert, Col, Descriptions, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AmendmentPreview } from '@lbo/model/finance/contract-amendment';
import { queryKeys } from '../app/api/data-provider.ts';
import { ApiFailure } from '../app/api/api-failure.ts';
import type { ScreenProps } from '../app/web-module.ts';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { formatNumber } from '../i18n/formats.ts';
import { ScheduleTable } from './ScheduleTable.tsx';
import { amendmentPreview } from './financing-api.ts';

type Shown = Omit<AmendmentPreview, 'changes'> & {
  changes: {
    registration: string;
    code: string;
    before: AmendmentPreview['changes'][number]['before'];
    after: AmendmentPreview['changes'][number]['after'];
  }[];
};

/**
 * An amendment: the generic form, and its schedules before and after side by side with the
 * settlement. Applied, it shows what was applied; otherwise the server computes it on the
 * contract as it stands.
 */
export default function AmendmentScreen({ entity, canCreate }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { id, data } = useDetailRecord(entity);
  const applied = data?.status === 'APPLIED';
  const live = useQuery({
    queryKey: [...queryKeys.record(entity, id), 'preview', data?._version],
    // A refusal (the contract no longer running) is the card's to show, as its message, not a failure.
    queryFn: ({ signal }) => amendmentPreview<Shown>(id!, { signal, silent: true }),
    enabled: Boolean(id && data && !applied && data.contractRegistration && data.type && data.date),
    retry: false,
  });
  const preview = (applied ? data?.preview : live.data) as Shown | undefined;
  const money = (v: number | undefined) =>
    v === undefined ? '' : formatNumber(v, i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && (preview || live.error) && (
        <FormCard title={t('Schedule before and after')}>
          {live.error && (
            <Alert
              type="warning"
              showIcon
              message={live.error instanceof ApiFailure ? live.error.message : String(live.error)}
            />
          )}
          {preview && (
            <div data-testid="amendment-preview">
              <Descriptions
                size="small"
                column={3}
                items={[
                  { key: 'cut', label: t('From line'), children: preview.cutNumber },
                  { key: 'before', label: t('Instalment before'), children: money(preview.instalmentBefore) },
                  {
                    key: 'after',
                    label: t('Instalment after'),
                    children: <span data-testid="instalment-after">{money(preview.instalmentAfter)}</span>,
                  },
                  ...(preview.settlement
                    ? [
                        {
                          key: 'outstanding',
                          label: t('Outstanding principal'),
                          children: money(preview.settlement.outstandingPrincipal),
                        },
                        {
                          key: 'interest',
                          label: t('Accrued interest'),
                          children: money(preview.settlement.accruedInterest),
                        },
                        { key: 'indemnity', label: t('Indemnity'), children: money(preview.settlement.indemnity) },
                        {
                          key: 'total',
                          label: t('Settlement'),
                          children: <strong data-testid="settlement-total">{money(preview.settlement.total)}</strong>,
                        },
                      ]
                    : []),
                ]}
              />
              {preview.changes.map((change) => (
                <Row key={change.registration} gutter={16}>
                  <Col xs={24} lg={12}>
                    <h4>
                      {change.code} · {t('Before')}
                    </h4>
                    <ScheduleTable lines={change.before} testId={`before-${change.code}`} />
                  </Col>
                  <Col xs={24} lg={12}>
                    <h4>
                      {change.code} · {t('After')}
                    </h4>
                    <ScheduleTable lines={change.after} testId={`after-${change.code}`} />
                  </Col>
                </Row>
              ))}
            </div>
          )}
        </FormCard>
      )}
    </>
  );
}
