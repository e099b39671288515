import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Option } from '../fields/form-field.ts';
import { chartOptions } from './relations-chart-options.ts';
import type { Hierarchy } from './relations.ts';
import { relationConstants } from './relations.ts';

type ECharts = import('echarts/core').ECharts;

/** ECharts is fetched with the first diagram. */
const loadEcharts = () => import('./echarts-setup.ts');

interface Props {
  hierarchy: Hierarchy;
  main: string;
  mode: 'network' | 'tree';
  height: number;
  relationLabel(code: string): string;
  riskClasses: Option[];
}

/** The relation diagram drawn by ECharts; a click on a person opens them. */
export default function RelationsChart({ hierarchy, main, mode, height, relationLabel, riskClasses }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts>(undefined);
  const navigate = useNavigate();

  useEffect(() => {
    let disposed = false;
    void loadEcharts().then((echarts) => {
      if (disposed || !element.current) return;
      chart.current = echarts.init(element.current);
      chart.current.on('click', (event) => {
        const registration = (event.data as { registration?: string } | undefined)?.registration;
        if (registration && registration !== main) navigate(`/person/${encodeURIComponent(registration)}`);
      });
      chart.current.setOption(chartOptions(hierarchy, main, mode, relationLabel, riskClasses), true);
    });
    return () => {
      disposed = true;
      chart.current?.dispose();
      chart.current = undefined;
    };
    // The chart is created once; option changes go through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOptions(hierarchy, main, mode, relationLabel, riskClasses), true);
    // A resize event 400 ms after a mode change lets the chart take its new size.
    const timer = setTimeout(() => chart.current?.resize(), relationConstants.resizeDelayMs);
    return () => clearTimeout(timer);
  }, [hierarchy, main, mode, height, relationLabel, riskClasses]);

  return (
    <div
      ref={element}
      style={{ width: '100%', height }}
      data-testid="relations-chart"
      data-mode={mode}
      data-nodes={hierarchy.persons.length}
    />
  );
}
