/**
 * The parts of ECharts the app's charts (finance, metrics) draw with. Imported only through `import()`, so the
 * library is a chunk of its own, loaded when a chart first shows (never by the sign-in page).
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

export { echarts };
