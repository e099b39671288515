/**
 * The parts of ECharts the metric charts draw with. Imported only through `import()`, so the
 * library is a chunk of its own, loaded when a chart first shows.
 */
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, GridComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

export { echarts };
