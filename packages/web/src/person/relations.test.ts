import { describe, expect, it } from 'vitest';
import {
  canShowTree,
  depthOptions,
  filterHierarchy,
  hierarchyOf,
  isLargeLayout,
  linkLabel,
  nodeColour,
  relationConstants,
  riskColour,
  treeOf,
} from './relations.ts';
import { chartOptions } from './relations-chart-options.ts';

/** A holding with two subsidiaries, one of which has a director (an individual). */
const group = hierarchyOf({
  organizations: [
    { registration: 'H', name: 'Holding', type: 'C', riskClass: 'LOW' },
    { registration: 'S1', name: 'Sub 1', type: 'C' },
    { registration: 'S2', name: 'Sub 2', type: 'O', riskClass: 'HIGH' },
    { registration: 'D', name: 'Director', type: 'I' },
  ],
  links: [
    { source: 'H', target: 'S1', relation: 'SUBSIDIARY', stake: 0.6 },
    { source: 'H', target: 'S2' },
    { source: 'S1', target: 'D', relation: 'DIRECTOR' },
  ],
});

describe('relation diagram data', () => {
  it('renames organizations to persons and adds links from descendants', () => {
    const h = hierarchyOf({
      persons: [
        { registration: 'A', descendants: [{ personRegistration: 'B', relation: 'OWNER' }] },
        { registration: 'B' },
      ],
    });
    expect(h.links).toEqual([{ source: 'A', target: 'B', relation: 'OWNER', stake: undefined }]);
    expect(group.persons).toHaveLength(4);
  });
  it('offers the tree only when every person has at most one parent', () => {
    expect(canShowTree(group)).toBe(true);
    expect(canShowTree({ ...group, links: [...group.links, { source: 'S2', target: 'D' }] })).toBe(false);
  });
  it('offers depths below the deepest level, then All, then Companies for mixed kinds', () => {
    expect(depthOptions(group, 'H')).toEqual([1, 'All', 'Companies']);
    expect(depthOptions(group, 'D')).toEqual([1, 2, 'All', 'Companies']);
    expect(depthOptions(filterHierarchy(group, 'H', 1), 'H')).toEqual([]);
  });
  it('filters by depth or keeps companies only', () => {
    expect(filterHierarchy(group, 'H', 1).persons.map((p) => p.registration)).toEqual(['H', 'S1', 'S2']);
    expect(filterHierarchy(group, 'D', 'Companies').persons.map((p) => p.registration)).toEqual(['H', 'S1', 'S2', 'D']);
    expect(filterHierarchy(group, 'H', 'Companies').links).toHaveLength(2);
  });
  it('colours the main person gold, companies grey, individuals blue; risk from the list, default grey', () => {
    expect(nodeColour(group.persons[0], 'H')).toBe('gold');
    expect(nodeColour(group.persons[1], 'H')).toBe('grey');
    expect(nodeColour(group.persons[3], 'H')).toBe(relationConstants.colours.individual);
    const risks = [{ value: 'LOW' }, { value: 'MEDIUM', color: '#123456' }, { value: 'HIGH' }];
    expect(riskColour('LOW', risks)).toBe('#52c41a');
    expect(riskColour('MEDIUM', risks)).toBe('#123456');
    expect(riskColour('HIGH', risks)).toBe('#a8071a');
    expect(riskColour(undefined, risks)).toBe('#D4D4D4');
  });
  it('builds the tree from the top ancestor', () => {
    expect(treeOf(group, 'D')).toMatchObject({
      registration: 'H',
      children: [{ registration: 'S1', children: [{ registration: 'D' }] }, { registration: 'S2' }],
    });
  });
  it('uses the large layout above 10 nodes', () => {
    const big = hierarchyOf({ persons: Array.from({ length: 11 }, (_, i) => ({ registration: `P${i}` })) });
    expect(isLargeLayout(big)).toBe(true);
    expect(isLargeLayout(group)).toBe(false);
  });
  it('labels links with the relation and the stake', () => {
    expect(linkLabel(group.links[0], (c) => c.toLowerCase())).toBe('subsidiary 60%');
    expect(linkLabel({ source: 'a', target: 'b', relation: 'X', stake: 35 }, (c) => c)).toBe('X 35%');
  });
  it('gives ECharts a force graph with repulsion 500, or a tree opened 2 levels deep', () => {
    const network = chartOptions(group, 'H', 'network', (c) => c, []) as {
      series: { type: string; force: { repulsion: number }; data: unknown[] }[];
    };
    expect(network.series[0]).toMatchObject({ type: 'graph', force: { repulsion: 500 } });
    expect(network.series[0].data).toHaveLength(4);
    const tree = chartOptions(group, 'H', 'tree', (c) => c, []) as {
      series: { type: string; initialTreeDepth: number }[];
    };
    expect(tree.series[0]).toMatchObject({ type: 'tree', initialTreeDepth: 2 });
  });
});
