import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentPlan } from '@lbo/model/finance/payment-plan';
import { formatDate, formatNumber } from '../i18n/formats.ts';

/**
 * The payment plan as a chart: the balance after each line, and each instalment split into
 * interest and principal. ECharts is loaded on first use (see echarts-setup.ts).
 */
export function PaymentPlanChart({ plan, height = 320 }: { plan: PaymentPlan; height?: number }) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void import('./echarts-setup.ts').then(({ echarts }) => {
      if (disposed || !element.current) return;
      const chart = echarts.init(element.current);
      const money = (value: unknown) => formatNumber(Number(value), i18n.language, { maximumFractionDigits: 2 });
      chart.setOption({
        animation: false,
        tooltip: { trigger: 'axis', valueFormatter: money },
        legend: { top: 0 },
        grid: { left: 72, right: 72, top: 36, bottom: plan.lines.length > 60 ? 56 : 28 },
        xAxis: { type: 'category', data: plan.lines.map((line) => formatDate(line.dueDate, i18n.language)) },
        yAxis: [
          { type: 'value', name: t('Balance'), axisLabel: { formatter: money } },
          { type: 'value', name: t('Instalment'), axisLabel: { formatter: money } },
        ],
        dataZoom: plan.lines.length > 60 ? [{ type: 'slider', bottom: 8 }] : [],
        series: [
          { name: t('Balance'), type: 'line', showSymbol: false, data: plan.lines.map((line) => line.closingBalance) },
          { name: t('Interest'), type: 'bar', stack: 'instalment', yAxisIndex: 1, data: plan.lines.map((line) => line.interest) },
          { name: t('Principal'), type: 'bar', stack: 'instalment', yAxisIndex: 1, data: plan.lines.map((line) => line.principal) },
        ],
      });
      const resize = () => chart.resize();
      window.addEventListener('resize', resize);
      dispose = () => { window.removeEventListener('resize', resize); chart.dispose(); };
      setLoading(false);
    });
    return () => { disposed = true; dispose(); };
  }, [plan, t, i18n.language]);

  return (
    <Spin spinning={loading}>
      <div ref={element} data-testid="payment-plan-chart" style={{ width: '100%', height }} />
    </Spin>
  );
}
