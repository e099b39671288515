import { kinds } from '@lbo/model/lazy-registry';

/**
 * Page configuration of a list screen (spec 001 §1): looked up by a page name taken from the
 * path (`/credit-lines` → `CreditLinesPage`, spec 001 §2.7). The product's own settings of spec
 * 000 §2.2 and 001 §2 come first; a tenant overrides them in its configuration, under
 * `options.pages.{PageName}` of `GET /api/script/runs/user-configuration` (set with
 * `PUT /api/core/tenant-configuration/tenant-config`).
 */
export interface ListPageConfig {
  /** Title shown instead of the list's name. */
  title?: string;
  /** Columns shown by default (declared column fields), in this order. */
  columns?: string[];
  /** Query applied when the page is opened without one (`{status: 'ACTIVE', sort: '-startDate'}`). */
  defaultQuery?: Record<string, string>;
  /** The add button is shown unless false. */
  addButton?: boolean;
  /** Where the add button goes instead of the create form. */
  addLink?: string;
  pageSize?: number;
  /** Hides the KPI strip. */
  hideKpis?: boolean;
  /** Hides the selection mode and its bulk transitions. */
  hideTransitions?: boolean;
  /** Clicking a row shows its transitions (kinds with a status) unless true (spec issue 5 §4). */
  hideRowTransitions?: boolean;
}

/** The product's settings of a list page: those its kind's declaration gives (`screens.listPage`). */
const productPageConfig = (listRoute: string): ListPageConfig | undefined =>
  kinds.find((entity) => entity.listRoute === listRoute)?.screens.listPage;

/** `credit-lines` → `CreditLinesPage`. */
export const pageNameOf = (listRoute: string) =>
  `${listRoute
    .split(/[-/]/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}Page`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keeps the well-formed settings of a tenant's page configuration; anything else is ignored. */
export function readPageConfig(raw: unknown): ListPageConfig {
  if (!isRecord(raw)) return {};
  const out: ListPageConfig = {};
  if (typeof raw.title === 'string' && raw.title.trim()) out.title = raw.title.trim();
  if (Array.isArray(raw.columns) && raw.columns.every((c) => typeof c === 'string'))
    out.columns = raw.columns as string[];
  if (isRecord(raw.defaultQuery))
    out.defaultQuery = Object.fromEntries(
      Object.entries(raw.defaultQuery).filter(([, v]) => typeof v === 'string' && v),
    ) as Record<string, string>;
  if (typeof raw.addLink === 'string' && raw.addLink.startsWith('/')) out.addLink = raw.addLink;
  if (Number.isInteger(raw.pageSize) && (raw.pageSize as number) > 0 && (raw.pageSize as number) <= 250)
    out.pageSize = raw.pageSize as number;
  for (const flag of ['addButton', 'hideKpis', 'hideTransitions', 'hideRowTransitions'] as const)
    if (typeof raw[flag] === 'boolean') out[flag] = raw[flag];
  if (raw.hideAddButton === true) out.addButton = false;
  return out;
}

/** The configuration of a list page: the product's, overridden by the tenant's `options.pages`. */
export function pageConfigOf(listRoute: string, options: Record<string, unknown> | undefined): ListPageConfig {
  const pages = isRecord(options?.pages) ? options.pages : {};
  return { ...productPageConfig(listRoute), ...readPageConfig(pages[pageNameOf(listRoute)]) };
}

/** Detail routes reached by id only: no create form (spec 000 §2.2), as the kinds' declarations say. */
export const detailByIdOnly = new Set(
  kinds.filter((entity) => entity.screens.detailByIdOnly).map((entity) => entity.clientRoute),
);
