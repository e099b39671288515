import { use, init } from 'echarts/core';
import { GraphChart, TreeChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/** ECharts with the graph and tree charts only: imported dynamically, so it is its own chunk. */
use([GraphChart, TreeChart, TooltipComponent, CanvasRenderer]);

export { init };
