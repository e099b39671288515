import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleLine } from '@lbo/model/finance/contract-schedule';
import { formatDate } from '../i18n/formats.ts';
import { chartMoney, EChart } from '../app/charts/EChart.tsx';

/**
 * A contract element's stored schedule as a chart: each line's amount (interest and principal
 * stacked for a rent or an instalment) and the capital still due.
 */
export function ScheduleChart({ lines, height = 280 }: { lines: ScheduleLine[]; height?: number }) {
  const { t, i18n } = useTranslation();
  const option = useMemo(() => {
    const money = chartMoney(i18n.language);
    const capital = lines.some((l) => l.openingBalance !== undefined);
    const shown = lines.filter((l) => l.status !== 'CANCELLED');
    return {
      tooltip: { trigger: 'axis', valueFormatter: money },
      grid: { left: 72, right: 72, top: 36, bottom: shown.length > 60 ? 56 : 28 },
      xAxis: { type: 'category', data: shown.map((l) => formatDate(l.dueDate, i18n.language)) },
      yAxis: [
        { type: 'value', name: t('Amount'), axisLabel: { formatter: money } },
        ...(capital ? [{ type: 'value', name: t('Outstanding principal'), axisLabel: { formatter: money } }] : []),
      ],
      dataZoom: shown.length > 60 ? [{ type: 'slider', bottom: 8 }] : [],
      series: capital
        ? [
            { name: t('Interest'), type: 'bar', stack: 'line', data: shown.map((l) => l.interest) },
            { name: t('Principal'), type: 'bar', stack: 'line', data: shown.map((l) => l.principal) },
            {
              name: t('Outstanding principal'),
              type: 'line',
              yAxisIndex: 1,
              showSymbol: false,
              data: shown.map((l) => Math.round(((l.openingBalance ?? 0) - l.principal) * 100) / 100),
            },
          ]
        : [{ name: t('Amount incl tax'), type: 'bar', data: shown.map((l) => l.amountInclTax) }],
    };
  }, [lines, t, i18n.language]);
  return <EChart option={option} height={height} testId="schedule-chart" />;
}
