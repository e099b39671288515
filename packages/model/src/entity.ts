import type { FieldDef } from './fields.ts';
import { text, select } from './fields.ts';
import type { ColumnDef, ColumnInput, FilterDef, FilterInput } from './search.ts';
import { equal, regex } from './search.ts';
import { referenceLists } from './reference-lists.ts';

/** What an entity declaration says. Everything else (table, routes, filters, screens) is derived. */
export interface EntityInput {
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
  fields?: Record<string, FieldDef>;
  /** Search filters; defaults to registration and name. */
  search?: FilterInput[];
  /** List columns; defaults to registration, organization name (hidden), status, name. */
  columns?: ColumnInput[];
  /** Extra fields indexed for equality beyond those used by filters. */
  indexes?: string[];
  /** Written by the server only: no create/update/delete through the generic API. */
  readOnly?: boolean;
  /** Free-text `search` covers these fields; defaults to registration and name. */
  textSearch?: string[];
  /** Short description for documentation. */
  description?: string;
  /** A rule across fields, run after the field checks on every write; throws an ApiError. */
  check?: (doc: Record<string, unknown>) => void;
}

export interface Entity extends Required<Pick<EntityInput, 'name' | 'route'>> {
  prefix: string;
  key?: string;
  plural: string;
  status: string | false;
  fields: Record<string, FieldDef>;
  filters: FilterDef[];
  columns: ColumnDef[];
  indexes: string[];
  readOnly: boolean;
  textSearch: string[];
  description?: string;
  check?: (doc: Record<string, unknown>) => void;
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

/** Declares one entity kind. */
export function defineEntity(input: EntityInput): Entity {
  const status = input.status === undefined ? `${camel(input.name)}Status` : input.status;
  const plural = input.plural ?? `${camel(input.name)}s`;
  // Like statuses, a kind's types are the reference list named after it, when one is declared.
  const typeList = input.typeList ?? (Object.hasOwn(referenceLists, `${camel(input.name)}Type`) ? `${camel(input.name)}Type` : undefined);
  const base: Record<string, FieldDef> = {
    registration: text({ readOnly: !input.key }),
    name: text(),
    ...(status ? { status: select(status, { readOnly: true }) } : {}),
    type: typeList ? select(typeList) : text(),
    organization: { type: 'object', fields: { name: text() }, hidden: true },
  };
  const fields = { ...base, ...input.fields };
  const filters = (input.search ?? ['registration', regex('name')]).map((f) => (typeof f === 'string' ? equal(f) : f));
  const defaultColumns: ColumnInput[] = ['registration', { field: 'organization.name', hidden: true }, ...(status ? ['status'] : []), 'name'];
  const columns = (input.columns ?? defaultColumns).map((c) => (typeof c === 'string' ? { field: c } : c));
  return {
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
    readOnly: input.readOnly ?? false,
    textSearch: input.textSearch ?? ['registration', 'name'],
    description: input.description,
    check: input.check,
    clientRoute: dashed(input.name),
    listRoute: dashed(plural),
    table: snake(input.name),
  };
}
