import { useState } from 'react';
import { Button, Popconfirm, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/web-module.ts';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { kindChanged } from '../app/api/data-hooks.ts';
import { notify } from '../app/notify.tsx';
import { DetailScreen } from '../entities/DetailScreen.tsx';
import { FastLink, FastLinkScope } from '../entities/FastLink.tsx';
import { FormCard } from '../entities/FormCard.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { useDetailRecord } from '../entities/use-detail-record.tsx';
import { formatCurrency, formatDate } from '../i18n/formats.ts';
import { postingKind, reverseEvent, type Row } from './accounting-api.ts';

/** A posting event: its record, its postings (debit and credit, balanced), its reversal or the event it reverses, and Reverse. */
export default function PostingEventScreen({ entity, canCreate }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id, data } = useDetailRecord(entity);
  const [busy, setBusy] = useState(false);
  const registration = data ? String(data.registration) : undefined;
  const postingQuery = { postingEventRegistration: registration ?? '', sort: 'registration', range: '[0-249]' };
  const reversalQuery = { reversedEventRegistration: registration ?? '', range: '[0-0]' };
  const { data: postings } = useQuery({
    queryKey: [...queryKeys.list(postingKind, postingQuery), data?._version],
    queryFn: ({ signal }) => dataProvider.list(postingKind, postingQuery, { signal }),
    enabled: !!registration,
  });
  const { data: reversals } = useQuery({
    queryKey: [...queryKeys.list(entity, reversalQuery), data?._version],
    queryFn: ({ signal }) => dataProvider.list(entity, reversalQuery, { signal }),
    enabled: !!registration,
  });
  const money = (v: unknown, currency: unknown) => formatCurrency(v, String(currency ?? 'EUR'), i18n.language);
  const rows = (postings?.rows ?? []) as Row[];
  const reversal = (reversals?.rows ?? [])[0] as Row | undefined;
  const total = (dc: string) =>
    rows.filter((p) => p.dc === dc).reduce((s, p) => s + Math.round(Number(p.amount) * 100), 0) / 100;

  async function reverse() {
    if (!registration) return;
    setBusy(true);
    try {
      const written = await reverseEvent(registration);
      notify({
        level: 'success',
        message: t('Posting event reversed by {registration}', { registration: written.event.registration }),
      });
      await Promise.all([kindChanged(queryClient, entity), kindChanged(queryClient, postingKind)]);
      navigate(detailPath(entity, written.event.registration));
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DetailScreen entity={entity} canCreate={canCreate} />
      {id && data && (
        <FastLinkScope>
          <FormCard
            title={t('Postings')}
            extra={
              !data.reversedEventRegistration &&
              !reversal &&
              rows.length > 0 && (
                <Popconfirm title={t('Reverse this posting event?')} onConfirm={() => void reverse()}>
                  <Button danger loading={busy} data-testid="reverse-event">
                    {t('Reverse')}
                  </Button>
                </Popconfirm>
              )
            }
          >
            {reversal && (
              <p data-testid="reversed-by">
                {t('Reversed by')}{' '}
                <FastLink to={detailPath(entity, reversal.registration)}>{reversal.registration}</FastLink>
              </p>
            )}
            {Boolean(data.reversedEventRegistration) && (
              <p data-testid="reverses">
                {t('Reverses')}{' '}
                <FastLink to={detailPath(entity, String(data.reversedEventRegistration))}>
                  {String(data.reversedEventRegistration)}
                </FastLink>
              </p>
            )}
            <Table<Row>
              data-testid="event-postings"
              size="small"
              rowKey="registration"
              pagination={false}
              dataSource={rows}
              summary={() =>
                rows.length > 0 && (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={4}>
                      {t('Total')}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <span data-testid="total-debit">{money(total('D'), data.currency)}</span>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      <span data-testid="total-credit">{money(total('C'), data.currency)}</span>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} />
                  </Table.Summary.Row>
                )
              }
              columns={[
                {
                  key: 'registration',
                  title: t('Registration'),
                  render: (_v, p) => <FastLink to={detailPath(postingKind, p.registration)}>{p.registration}</FastLink>,
                },
                { key: 'date', title: t('Date'), render: (_v, p) => formatDate(p.date, i18n.language) },
                { key: 'account', title: t('Account'), render: (_v, p) => String(p.account ?? '') },
                { key: 'name', title: t('Name'), render: (_v, p) => String(p.name ?? '') },
                {
                  key: 'debit',
                  title: t('Debit'),
                  align: 'right',
                  render: (_v, p) => (p.dc === 'D' ? money(p.amount, p.currency) : ''),
                },
                {
                  key: 'credit',
                  title: t('Credit'),
                  align: 'right',
                  render: (_v, p) => (p.dc === 'C' ? money(p.amount, p.currency) : ''),
                },
                { key: 'status', title: t('Status'), render: (_v, p) => <Tag>{t(String(p.status))}</Tag> },
              ]}
            />
          </FormCard>
        </FastLinkScope>
      )}
    </>
  );
}
