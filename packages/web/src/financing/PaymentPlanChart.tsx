import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentPlan } from '@lbo/model/finance/payment-plan';
import { formatDate } from '../i18n/formats.ts';
import { chartMoney, EChart } from '../app/charts/EChart.tsx';

/** The payment plan as a chart: the balance after each line, and each instalment split into interest and principal. */
export function PaymentPlanChart({ plan, height = 320 }: { plan: PaymentPlan; height?: number }) {
  const { t, i18n } = useTranslation();
  const option = useMemo(() => {
    const money = chartMoney(i18n.language);
    return {
      tooltip: { trigger: 'axis', valueFormatter: money },
      grid: { left: 72, right: 72, top: 36, bottom: plan.lines.length > 60 ? 56 : 28 },
      xAxis: { type: 'category', data: plan.lines.map((line) => formatDate(line.dueDate, i18n.language)) },
      yAxis: [
        { type: 'value', name: t('Outstanding principal'), axisLabel: { formatter: money } },
        { type: 'value', name: t('Instalment'), axisLabel: { formatter: money } },
      ],
      dataZoom: plan.lines.length > 60 ? [{ type: 'slider', bottom: 8 }] : [],
      series: [
        {
          name: t('Outstanding principal'),
          type: 'line',
          showSymbol: false,
          data: plan.lines.map((line) => line.closingBalance),
        },
        {
          name: t('Interest'),
          type: 'bar',
          stack: 'instalment',
          yAxisIndex: 1,
          data: plan.lines.map((line) => line.interest),
        },
        {
          name: t('Principal'),
          type: 'bar',
          stack: 'instalment',
          yAxisIndex: 1,
          data: plan.lines.map((line) => line.principal),
        },
      ],
    };
  }, [plan, t, i18n.language]);
  return <EChart option={option} height={height} testId="payment-plan-chart" />;
}
