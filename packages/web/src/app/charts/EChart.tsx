import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { formatNumber } from '../../i18n/formats.ts';

/** An amount on a chart's axis or tooltip, in the user's locale. */
export const chartMoney = (locale: string) => (value: unknown) =>
  formatNumber(Number(value), locale, { maximumFractionDigits: 2 });

/**
 * An ECharts chart of `option`, drawn again when the option changes (callers memoise it) and
 * resized with the window. ECharts loads on first use (see echarts-setup.ts).
 */
export function EChart({
  option,
  height,
  testId,
}: {
  option: Record<string, unknown>;
  height: number;
  testId: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void import('./echarts-setup.ts').then(({ echarts }) => {
      if (disposed || !element.current) return;
      const chart = echarts.init(element.current);
      chart.setOption({ animation: false, legend: { top: 0 }, ...option });
      const resize = () => chart.resize();
      window.addEventListener('resize', resize);
      dispose = () => {
        window.removeEventListener('resize', resize);
        chart.dispose();
      };
      setLoading(false);
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [option]);
  return (
    <Spin spinning={loading}>
      <div ref={element} data-testid={testId} style={{ width: '100%', height }} />
    </Spin>
  );
}
