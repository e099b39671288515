import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';

/** An ECharts chart of `option`, drawn again when it changes and resized with the window; ECharts loads on first use. */
export function MetricChart({ option, height }: { option: Record<string, unknown>; height: number }) {
  const element = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void import('./echarts-setup.ts').then(({ echarts }) => {
      if (disposed || !element.current) return;
      const chart = echarts.init(element.current);
      chart.setOption({ animation: false, ...option });
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
      <div ref={element} data-testid="metric-chart" style={{ width: '100%', height }} />
    </Spin>
  );
}
