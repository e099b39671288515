import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../app/api/client.ts';
import { FastLink } from '../entities/FastLink.tsx';
import { formatNumber } from '../i18n/formats.ts';
import { EChart } from '../app/charts/EChart.tsx';
import { metricLabels, operationsKeys, type Point } from './operations-api.ts';

const spans = [
  { hours: 1, label: '1 h' },
  { hours: 6, label: '6 h' },
  { hours: 24, label: '24 h' },
  { hours: 168, label: '7 d' },
];

/** `/metric-record/{key}`: a metric's records over time, as an ECharts line with zoom. */
export default function MetricRecordScreen() {
  const { key = '' } = useParams();
  const { t, i18n } = useTranslation();
  const [hours, setHours] = useState(24);
  const series = useQuery({
    queryKey: operationsKeys.series(key, hours),
    queryFn: ({ signal }) =>
      api.get<{ key: string; points: Point[] }>(
        `/api/system/metrics/${encodeURIComponent(key)}/records?hours=${hours}`,
        {
          signal,
        },
      ),
    refetchInterval: 60_000,
  });
  const meta = metricLabels[key];
  const option = useMemo(
    () => ({
      // The title names the one series.
      legend: { show: false },
      grid: { left: 60, right: 24, top: 24, bottom: 60 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => formatNumber(Number(value), i18n.language, { maximumFractionDigits: 2 }),
      },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: meta?.unit ?? '' },
      dataZoom: [{ type: 'inside' }, { type: 'slider' }],
      series: [{ type: 'line', name: t(meta?.label ?? key), showSymbol: false, data: series.data?.points ?? [] }],
    }),
    [series.data, meta, key, t, i18n.language],
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <FastLink to="/metrics">{t('Metrics')}</FastLink>
      <Typography.Title level={3}>
        {t(meta?.label ?? key)} <Typography.Text code>{key}</Typography.Text>
      </Typography.Title>
      <Segmented
        value={hours}
        onChange={(value) => setHours(Number(value))}
        options={spans.map((s) => ({ value: s.hours, label: s.label }))}
      />
      {series.isLoading ? (
        <Spin />
      ) : series.data?.points.length ? (
        <EChart option={option} height={360} testId="metric-chart" />
      ) : (
        <Empty description={t('No figure recorded yet')} />
      )}
    </Space>
  );
}
