import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScheduleLine } from '@lbo/model/finance/contract-schedule';
import { formatDate, formatNumber } from '../i18n/formats.ts';

/**
 * A contract element's stored schedule as a chart: each line's amount (interest and principal
 * stacked for a rent or an instalment) and the capital still due. ECharts loads on first use.
 */
export function ScheduleChart({ lines, height = 280 }: { lines: ScheduleLine[]; height?: number }) {
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
      const capital = lines.some((l) => l.openingBalance !== undefined);
      const shown = lines.filter((l) => l.status !== 'CANCELLED');
      chart.setOption({
        animation: false,
        tooltip: { trigger: 'axis', valueFormatter: money },
        legend: { top: 0 },
        grid: { left: 72, right: 72, top: 36, bottom: shown.length > 60 ? 56 : 28 },
        xAxis: { type: 'category', data: shown.map((l) => formatDate(l.dueDate, i18n.language)) },
        yAxis: [{ type: 'value', name: t('Amount'), axisLabel: { formatter: money } }, ...(capital ? [{ type: 'value', name: t('Balance'), axisLabel: { formatter: money } }] : [])],
        dataZoom: shown.length > 60 ? [{ type: 'slider', bottom: 8 }] : [],
        series: capital
          ? [
            { name: t('Interest'), type: 'bar', stack: 'line', data: shown.map((l) => l.interest) },
            { name: t('Principal'), type: 'bar', stack: 'line', data: shown.map((l) => l.principal) },
            { name: t('Balance'), type: 'line', yAxisIndex: 1, showSymbol: false, data: shown.map((l) => Math.round(((l.openingBalance ?? 0) - l.principal) * 100) / 100) },
          ]
          : [{ name: t('Amount incl tax'), type: 'bar', data: shown.map((l) => l.amountInclTax) }],
      });
      const resize = () => chart.resize();
      window.addEventListener('resize', resize);
      dispose = () => { window.removeEventListener('resize', resize); chart.dispose(); };
      setLoading(false);
    });
    return () => { disposed = true; dispose(); };
  }, [lines, t, i18n.language]);
  return (
    <Spin spinning={loading}>
      <div ref={element} data-testid="schedule-chart" style={{ width: '100%', height }} />
    </Spin>
  );
}
