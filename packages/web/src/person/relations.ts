/**
 * The relation diagram's data rules (spec 002 §3, §4, §9). Pure: the chart component turns
 * these into ECharts options.
 */
export interface RelationPerson {
  registration: string;
  name?: string;
  /** C company, O organisation, I individual. */
  type?: string;
  riskClass?: string;
  address?: unknown;
  username?: string;
  roles?: unknown;
  descendants?: { personRegistration: string; relation?: string; stake?: number }[];
}

export interface RelationLink {
  source: string;
  target: string;
  relation?: string;
  stake?: number;
}

export interface Hierarchy {
  persons: RelationPerson[];
  links: RelationLink[];
}

export const relationConstants = {
  repulsion: 500,
  initialTreeDepth: 2,
  firstLoadDelayMs: 400,
  resizeDelayMs: 400,
  largeLayoutAbove: 10,
  colours: { main: 'gold', company: 'grey', individual: '#1f77e4' },
  defaultRiskColour: '#D4D4D4',
} as const;

/** The answer has `persons`, or `organizations` renamed to persons; links may also come from descendants. */
export function hierarchyOf(answer: unknown): Hierarchy {
  const a = (answer ?? {}) as { persons?: RelationPerson[]; organizations?: RelationPerson[]; links?: RelationLink[] };
  const persons = (a.persons ?? a.organizations ?? []).filter((p) => p && typeof p.registration === 'string');
  const links = [...(a.links ?? [])];
  const key = (l: RelationLink) => `${l.source}>${l.target}`;
  const known = new Set(links.map(key));
  for (const p of persons) {
    for (const d of p.descendants ?? []) {
      const link = { source: p.registration, target: d.personRegistration, relation: d.relation, stake: d.stake };
      if (!known.has(key(link))) {
        known.add(key(link));
        links.push(link);
      }
    }
  }
  const registrations = new Set(persons.map((p) => p.registration));
  return { persons, links: links.filter((l) => registrations.has(l.source) && registrations.has(l.target)) };
}

/** Tree view is offered only if every person has at most one parent. */
export function canShowTree({ persons, links }: Hierarchy): boolean {
  const parents = new Map<string, number>();
  for (const l of links) parents.set(l.target, (parents.get(l.target) ?? 0) + 1);
  return persons.length > 0 && [...parents.values()].every((n) => n <= 1);
}

/** Distance of each person from the main one, following links both ways. */
export function depths({ links }: Hierarchy, main: string): Map<string, number> {
  const neighbours = new Map<string, string[]>();
  for (const l of links) {
    neighbours.set(l.source, [...(neighbours.get(l.source) ?? []), l.target]);
    neighbours.set(l.target, [...(neighbours.get(l.target) ?? []), l.source]);
  }
  const result = new Map([[main, 0]]);
  const queue = [main];
  while (queue.length) {
    const current = queue.shift()!;
    for (const next of neighbours.get(current) ?? []) {
      if (!result.has(next)) {
        result.set(next, result.get(current)! + 1);
        queue.push(next);
      }
    }
  }
  return result;
}

const isCompany = (p: RelationPerson) => p.type === 'C' || p.type === 'O';

export type DepthFilter = number | 'All' | 'Companies';

/**
 * Depth choices: 1, 2, … below the deepest level, then All, then Companies when both
 * individuals and companies are present. No choice at all when the depth is below 2.
 */
export function depthOptions(hierarchy: Hierarchy, main: string): DepthFilter[] {
  const max = Math.max(0, ...depths(hierarchy, main).values());
  if (max < 2) return [];
  const levels: DepthFilter[] = Array.from({ length: max - 1 }, (_, i) => i + 1);
  const mixed = hierarchy.persons.some(isCompany) && hierarchy.persons.some((p) => !isCompany(p));
  return [...levels, 'All', ...(mixed ? (['Companies'] as const) : [])];
}

/** The persons and links the filter keeps (the main person always stays). */
export function filterHierarchy(hierarchy: Hierarchy, main: string, filter: DepthFilter): Hierarchy {
  let keep: (p: RelationPerson) => boolean = () => true;
  if (typeof filter === 'number') {
    const d = depths(hierarchy, main);
    keep = (p) => (d.get(p.registration) ?? Infinity) <= filter;
  } else if (filter === 'Companies') {
    keep = (p) => p.registration === main || isCompany(p);
  }
  const persons = hierarchy.persons.filter(keep);
  const kept = new Set(persons.map((p) => p.registration));
  return { persons, links: hierarchy.links.filter((l) => kept.has(l.source) && kept.has(l.target)) };
}

/** Gold for the main person, grey for companies and organisations, blue for individuals. */
export function nodeColour(person: RelationPerson, main: string): string {
  if (person.registration === main) return relationConstants.colours.main;
  return isCompany(person) ? relationConstants.colours.company : relationConstants.colours.individual;
}

const riskScale = ['#52c41a', '#a0d911', '#fadb14', '#fa8c16', '#f5222d', '#a8071a'];

/**
 * Colour of a risk class from the riskClass list: the item's own colour, else its place in the
 * list from green (first, lowest risk) to red; grey #D4D4D4 for none or an unknown class.
 */
export function riskColour(riskClass: string | undefined, list: { value: string; color?: string }[]): string {
  const index = list.findIndex((item) => item.value === riskClass);
  if (index < 0) return relationConstants.defaultRiskColour;
  if (list[index].color) return list[index].color!;
  const step = list.length > 1 ? (riskScale.length - 1) / (list.length - 1) : 0;
  return riskScale[Math.round(index * step)];
}

export const isLargeLayout = (hierarchy: Hierarchy) => hierarchy.persons.length > relationConstants.largeLayoutAbove;

export interface TreeNode {
  name: string;
  registration: string;
  children: TreeNode[];
}

/** The tree from the top ancestor of the main person (only when every person has at most one parent). */
export function treeOf(hierarchy: Hierarchy, main: string): TreeNode | undefined {
  const parentOf = new Map(hierarchy.links.map((l) => [l.target, l.source]));
  let root = main;
  const seen = new Set<string>();
  while (parentOf.has(root) && !seen.has(root)) {
    seen.add(root);
    root = parentOf.get(root)!;
  }
  const byReg = new Map(hierarchy.persons.map((p) => [p.registration, p]));
  const build = (reg: string, path: Set<string>): TreeNode => ({
    name: byReg.get(reg)?.name ?? reg,
    registration: reg,
    children: hierarchy.links
      .filter((l) => l.source === reg && !path.has(l.target))
      .map((l) => build(l.target, new Set(path).add(l.target))),
  });
  return byReg.has(root) ? build(root, new Set([root])) : undefined;
}

/** The link label: the relation and the stake in percent when given. */
export function linkLabel(link: RelationLink, relationLabel: (code: string) => string): string {
  const relation = link.relation ? relationLabel(link.relation) : '';
  // A stake is a fraction (0.35) or already a percentage (35).
  const stake =
    typeof link.stake === 'number'
      ? `${Math.round((link.stake <= 1 ? link.stake * 100 : link.stake) * 100) / 100}%`
      : '';
  return [relation, stake].filter(Boolean).join(' ');
}
