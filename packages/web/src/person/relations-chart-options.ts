import type { Option } from '../fields/form-field.ts';
import {
  isLargeLayout,
  linkLabel,
  nodeColour,
  relationConstants,
  riskColour,
  treeOf,
  type Hierarchy,
} from './relations.ts';

/**
 * ECharts options of the relation diagram: a force-directed graph (repulsion 500) or a tree
 * opened 2 levels deep. Node colour says the kind, the border the risk class; above 10 nodes
 * the large layout uses smaller nodes and hides their labels except the main person's.
 */
export function chartOptions(
  hierarchy: Hierarchy,
  main: string,
  mode: 'network' | 'tree',
  relationLabel: (code: string) => string,
  riskClasses: Option[],
) {
  const large = isLargeLayout(hierarchy);
  const byReg = new Map(hierarchy.persons.map((p) => [p.registration, p]));
  const style = (registration: string) => {
    const person = byReg.get(registration) ?? { registration };
    return { color: nodeColour(person, main), borderColor: riskColour(person.riskClass, riskClasses), borderWidth: 3 };
  };
  if (mode === 'tree') {
    const root = treeOf(hierarchy, main);
    const decorate = (node: NonNullable<typeof root>): object => ({
      name: node.name,
      registration: node.registration,
      itemStyle: style(node.registration),
      children: node.children.map(decorate),
    });
    return {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'tree',
          data: root ? [decorate(root)] : [],
          initialTreeDepth: relationConstants.initialTreeDepth,
          orient: 'TB',
          symbolSize: large ? 12 : 18,
          label: { position: 'top', fontSize: large ? 10 : 12 },
          expandAndCollapse: true,
          roam: true,
          lineStyle: { color: '#999' },
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        force: { repulsion: relationConstants.repulsion, edgeLength: large ? 80 : 140 },
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 8,
        label: { show: true, position: 'bottom' },
        edgeLabel: { show: !large, fontSize: 11, formatter: (p: { data: { label?: string } }) => p.data.label ?? '' },
        data: hierarchy.persons.map((p) => ({
          id: p.registration,
          name: p.name ?? p.registration,
          registration: p.registration,
          symbolSize: p.registration === main ? (large ? 32 : 44) : large ? 18 : 32,
          itemStyle: style(p.registration),
          label: { show: !large || p.registration === main },
        })),
        links: hierarchy.links.map((l) => ({ source: l.source, target: l.target, label: linkLabel(l, relationLabel) })),
      },
    ],
  };
}
