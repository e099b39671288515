import type { FieldDef, Fields } from './fields.ts';
import { text, select } from './fields.ts';
import type { ColumnDef, ColumnInput, FilterDef, FilterInput } from './search.ts';
import { equal, regex } from './search.ts';
import { typeListNames } from './lists/type-list-names.ts';
import type { Label } from './lists/item.ts';
import type { MenuException, MenuPlacement } from './navigation.ts';
import { genericWorkflow } from './workflow/generic-workflow.ts';
import { defineWorkflow, type TransitionInput, type WorkflowDefinition } from './workflow/workflow.ts';

/** The languages the product ships (French for `fr*` locales, English otherwise). */
export type Language = keyof Label;

/** A kind's title in one language: `Credit line` / `Credit lines`. */
export interface KindTitles {
  singular: string;
  plural: string;
}

/** A kind's texts in a language other than English, whose texts derive from the declaration. */
export interface KindLabels extends KindTitles {
  /** Texts this kind introduces (field labels, transition labels), keyed by their English wording (`Serial number`). */
  texts?: Record<string, string>;
}

/** A kind's screens on the web. */
export interface KindScreens {
  /** Key of the web's own list screen (a web module's `listScreens`, packages/web/src/app/web-module.ts); the generic one otherwise. */
  list?: string;
  /** Key of the web's own detail screen; the generic one otherwise. */
  detail?: string;
  /** Records are opened by id only (spec 000 §2.2 "detail-by-id-only"): no create screen at `/{kind}`. */
  detailByIdOnly?: boolean;
  /** Defaults of its list page, under the tenant's page configuration: no add button, rows per page. */
  listPage?: { addButton?: boolean; pageSize?: number };
  /** Its detail screen shows the Images card: pictures kept as MAINIMAGE / IMAGE documents (spec 002 §3). */
  pictures?: boolean;
  /** Its detail screen shows the Documents card unless false (a dynamic kind: no documents routes serve its records). */
  documents?: boolean;
}

/**
 * A kind's default workflow: `generic` (read from its status list) or its transitions, given the
 * declared kind (its route names the approvers' permission, `approver(kind)`).
 */
export type WorkflowInput = 'generic' | ((kind: Entity) => TransitionInput[]);

/**
 * What an entity declaration says. Everything else (table, routes, filters, screens) is derived.
 * `F` is its declared fields as written, kept at the type level (record-types.ts `RecordOf`).
 */
export interface EntityInput<F extends Fields = Fields> {
  /** PascalCase entity name as in the specification (`CreditLine`). */
  name: string;
  /** Route base under `/api` (`financing/credit-lines`). */
  route: string;
  /** Prefix of registrations numbered by the server (`CL` → `CL000001`). */
  prefix?: string;
  /**
   * Field that identifies a record in routes when it is not a server-numbered registration
   * (`username` for users, `name` for feature flags). Its value is given by the client and
   * stored as the registration.
   */
  key?: string;
  /** Irregular plural (camelCase); regular plurals add `s`. */
  plural?: string;
  /** Reference list of statuses; defaults to `{camelName}Status`. `false` when the kind has no status. */
  status?: string | false;
  /** Reference list of types (`type` is then a select); defaults to `{camelName}Type` when that list exists. */
  typeList?: string;
  /** Declared fields beyond registration, name, status and type. */
  fields?: F;
  /** Search filters; defaults to registration and name. */
  search?: FilterInput[];
  /** List columns; defaults to registration, organization name (hidden), status, name. */
  columns?: ColumnInput[];
  /** Extra fields indexed for equality beyond those used by filters. */
  indexes?: string[];
  /** Fields whose values together are unique within a tenant (a unique index: a bank statement imported once). */
  unique?: string[];
  /** Written by the server only: no create/update/delete through the generic API. */
  readOnly?: boolean;
  /** Free-text `search` covers these fields; defaults to registration and name. */
  textSearch?: string[];
  /**
   * Whether free-text `search` is served by indexes (a trigram and a words GIN index on the
   * text-search expression, db/schema.ts); true by default. False for kinds the server writes by
   * the hundred thousand and nobody looks up by free text (postings, History rows): every insert
   * pays those two indexes dozens of index pages, while `search=` still answers without them, by
   * reading the tenant's rows in the list's order.
   */
  textSearchIndexed?: boolean;
  /** Short description for documentation. */
  description?: string;
  /**
   * A rule across fields, run by the server after the field checks on every write; throws an
   * ApiError. It may load its rules when first called (`await import(…)`), so that what only
   * writes need (identifier checksums, decimal maths) stays out of the screens that list.
   */
  check?: (doc: Record<string, unknown>) => void | Promise<void>;
  /**
   * The statuses of its status list, in lifecycle order: the first is the one a new record takes,
   * the usual path follows, exits last. Required when the kind has a status.
   */
  statuses?: readonly string[];
  /** Labels of status codes this kind introduces; codes shared by lifecycles are in lists/status-labels.ts. */
  statusLabels?: Record<string, Label>;
  /**
   * Statuses in which a record is final (an issued invoice, a validated posting): the generic
   * writes (PUT, PATCH, DELETE) refuse it; only its workflow and its domain's operations move it.
   */
  frozenIn?: readonly string[];
  /** Its default workflow; `generic` when omitted. A tenant may replace it in configuration. */
  workflow?: WorkflowInput;
  /** Where its list screen shows in the default menu, or why it does not. */
  menu?: MenuPlacement | MenuException;
  /** Its texts in every shipped language but English (English is derived from the name and fields, its titles unless written here). */
  labels?: Partial<Record<Exclude<Language, 'en'>, KindLabels>> & { en?: KindTitles };
  /** Its screens: the web's own ones by key, else the generic ones, and how they behave. */
  screens?: KindScreens;
  /** Routes its domain serves instead of the generic ones: all of them, or its list, read or create route. */
  domainRoutes?: 'all' | ('list' | 'read' | 'create')[];
  /** Section of the tenant configuration's options whose `extensionFields` add fields to it (`person`, spec 002 §3). */
  extensionFields?: string;
  /** Key of the server's write hooks run on its generic creates and updates (packages/server/src/entities/write-hooks.ts). */
  writeHooks?: string;
  /** Why the product declares a kind the spec's list (spec 000 §3) does not name. */
  addedBecause?: string;
}

/**
 * A declared kind. `F` is its declared fields as its declaration wrote them (`Entity<Fields>`, the
 * default, is any kind): `RecordOf<typeof invoice>` (record-types.ts) reads its record type from them.
 */
export interface Entity<F extends Fields = Fields> extends Required<Pick<EntityInput, 'name' | 'route'>> {
  prefix: string;
  key?: string;
  plural: string;
  status: string | false;
  /** Its fields: registration, name, status, type and organization, then the declared ones. */
  fields: Fields & F;
  filters: FilterDef[];
  columns: ColumnDef[];
  indexes: string[];
  unique?: string[];
  readOnly: boolean;
  textSearch: string[];
  textSearchIndexed: boolean;
  description?: string;
  check?: (doc: Record<string, unknown>) => void | Promise<void>;
  /** Statuses of its status list in lifecycle order; empty when it has no status. */
  statuses: readonly string[];
  statusLabels?: Record<string, Label>;
  frozenIn: readonly string[];
  /** Its default workflow; undefined when it has no status. */
  workflow?: WorkflowDefinition;
  /** Its workflow is the generic one, read from its statuses. */
  genericWorkflow: boolean;
  menu?: MenuPlacement | MenuException;
  /** Titles in every shipped language; in the languages beyond English, the texts it introduces. */
  labels: { en: KindTitles } & Partial<Record<Exclude<Language, 'en'>, KindLabels>>;
  screens: KindScreens;
  domainRoutes?: 'all' | ('list' | 'read' | 'create')[];
  extensionFields?: string;
  writeHooks?: string;
  addedBecause?: string;
  /** `credit-line`: detail route `/credit-line/{id}`. */
  clientRoute: string;
  /** `credit-lines`: list route. */
  listRoute: string;
  /** SQL table name (`credit_line`). */
  table: string;
}

const camel = (name: string) => name[0].toLowerCase() + name.slice(1);
const dashed = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const snake = (name: string) => dashed(name).replace(/-/g, '_');
/** `credit-lines` → `Credit lines`: how the screens title a kind in English. */
const title = (route: string) => {
  const words = route.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Declares one entity kind, its declared fields' types kept in its type (`Entity<F>`). */
export function defineEntity<const F extends Fields = Record<never, never>>(input: EntityInput<F>): Entity<F> {
  const status = input.status === undefined ? `${camel(input.name)}Status` : input.status;
  const plural = input.plural ?? `${camel(input.name)}s`;
  // Like statuses, a kind's types are the reference list named after it, when one is declared.
  const typeList =
    input.typeList ?? (typeListNames.has(`${camel(input.name)}Type`) ? `${camel(input.name)}Type` : undefined);
  const base: Record<string, FieldDef> = {
    registration: text({ readOnly: !input.key }),
    name: text(),
    ...(status ? { status: select(status, { readOnly: true }) } : {}),
    type: typeList ? select(typeList) : text(),
    organization: { type: 'object', fields: { name: text() }, hidden: true },
  };
  const fields = { ...base, ...input.fields } as Fields & F;
  const filters = (input.search ?? ['registration', regex('name')]).map((f) => (typeof f === 'string' ? equal(f) : f));
  const defaultColumns: ColumnInput[] = [
    'registration',
    { field: 'organization.name', hidden: true },
    ...(status ? ['status'] : []),
    'name',
  ];
  const columns = (input.columns ?? defaultColumns).map((c) => (typeof c === 'string' ? { field: c } : c));
  const statuses: readonly string[] = status ? (input.statuses ?? []) : [];
  if (status && !statuses.length) throw new Error(`${input.name} has a status (${status}) but declares no statuses`);
  const clientRoute = dashed(input.name);
  const listRoute = dashed(plural);
  const entity: Entity<F> = {
    name: input.name,
    route: input.route,
    prefix: input.prefix ?? input.name.replace(/[a-z]/g, '').slice(0, 3),
    key: input.key,
    plural,
    status,
    fields,
    filters,
    columns,
    indexes: input.indexes ?? [],
    unique: input.unique,
    readOnly: input.readOnly ?? false,
    textSearch: input.textSearch ?? ['registration', 'name'],
    textSearchIndexed: input.textSearchIndexed ?? true,
    description: input.description,
    check: input.check,
    statuses,
    statusLabels: input.statusLabels,
    frozenIn: input.frozenIn ?? [],
    genericWorkflow: status !== false && (input.workflow ?? 'generic') === 'generic',
    menu: input.menu,
    labels: { en: { singular: title(clientRoute), plural: title(listRoute) }, ...input.labels },
    screens: input.screens ?? {},
    domainRoutes: input.domainRoutes,
    extensionFields: input.extensionFields,
    writeHooks: input.writeHooks,
    addedBecause: input.addedBecause,
    clientRoute,
    listRoute,
    table: snake(input.name),
  };
  if (status) {
    entity.workflow =
      typeof input.workflow === 'function'
        ? defineWorkflow(entity.name, status, statuses, input.workflow(entity))
        : genericWorkflow(entity.name, status, statuses);
  }
  return entity;
}
