import { useState } from 'react';
import { Button, Card, DatePicker, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import { notify } from '../app/notify.tsx';
import { periodsOf, setPeriod } from './accounting-api.ts';
import { PersonPicker } from './report-controls.tsx';

const ALL = '*';

/**
 * The months of a year, open or closed, for all organizations or one; a closed month is closed
 * or reopened here. A month closed for all organizations shows so under each organization, and
 * is reopened for all.
 */
export function PeriodsCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [year, setYear] = useState<Dayjs | null>(dayjs());
  const [organization, setOrganization] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const { data, isFetching } = useQuery({
    queryKey: ['accounting', 'periods'],
    queryFn: ({ signal }) => periodsOf(signal),
  });
  const closed = data?.closed ?? {};
  const key = organization || ALL;
  const months = Array.from({ length: 12 }, (_, i) =>
    (year ?? dayjs()).startOf('year').add(i, 'month').format('YYYY-MM'),
  );
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const others = Object.keys(closed).filter((o) => o !== ALL);

  async function change(month: string, action: 'close' | 'reopen') {
    setBusy(month);
    try {
      queryClient.setQueryData(['accounting', 'periods'], await setPeriod(action, month, organization));
      notify({
        level: 'success',
        message: action === 'close' ? t('Month {month} closed', { month }) : t('Month {month} reopened', { month }),
      });
      await queryClient.invalidateQueries({ queryKey: ['accounting', 'trial-balance'] });
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <FormCard
      title={t('Periods')}
      extra={
        <Space wrap>
          <DatePicker picker="year" value={year} onChange={setYear} allowClear={false} data-testid="periods-year" />
          <PersonPicker
            value={organization}
            onChange={setOrganization}
            placeholder={t('All organizations')}
            testId="periods-organization"
          />
        </Space>
      }
    >
      {others.length > 0 && (
        <Typography.Paragraph type="secondary">
          {t('Organizations with closed months')}: {others.join(', ')}
        </Typography.Paragraph>
      )}
      <Spin spinning={isFetching}>
        <div
          data-testid="periods"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 8 }}
        >
          {months.map((month) => {
            const own = (closed[key] ?? []).includes(month);
            const forAll = key !== ALL && (closed[ALL] ?? []).includes(month);
            return (
              <Card
                key={month}
                size="small"
                data-testid={`period-${month}`}
                style={{ background: own || forAll ? '#fafafa' : undefined }}
              >
                <Space direction="vertical" size={4}>
                  <Typography.Text strong>{monthName.format(new Date(`${month}-01T00:00:00Z`))}</Typography.Text>
                  {own || forAll ? (
                    <Tag>{forAll ? t('Closed for all') : t('Closed')}</Tag>
                  ) : (
                    <Tag color="green">{t('Open')}</Tag>
                  )}
                  {!forAll && (
                    <Popconfirm
                      title={own ? t('Reopen this month?') : t('Close this month?')}
                      onConfirm={() => void change(month, own ? 'reopen' : 'close')}
                    >
                      <Button
                        size="small"
                        loading={busy === month}
                        data-testid={`${own ? 'reopen' : 'close'}-${month}`}
                      >
                        {own ? t('Reopen') : t('Close')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              </Card>
            );
          })}
        </div>
      </Spin>
    </FormCard>
  );
}
