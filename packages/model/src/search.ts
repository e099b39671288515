/**
 * Search filters of an entity's list route. Each filter names the query parameter(s)
 * it reads and the field path it applies to; the server compiles them to SQL and the
 * web renders the search row from them.
 */
export type FilterKind =
  /** `name=a,b,-c`: equality on one or several values, `-` excludes. */
  | 'equal'
  /** `name=abc` or `name=^abc`: case-insensitive regular expression. */
  | 'regex'
  /** `fromX`/`toX` (dates as YYYYMMDD) or `minX`/`maxX` (numbers). */
  | 'range'
  /** `client=P001,P002`: `persons[]` holding one of the registrations with one of the roles. */
  | 'person';

export interface FilterDef {
  /** Query parameter (for ranges the suffix: `startDate` → `fromStartDate`/`toStartDate`). */
  name: string;
  kind: FilterKind;
  /** Field path the filter applies to, dotted for nested values; defaults to `name`. */
  field?: string;
  /** Roles matched by a `person` filter. */
  roles?: string[];
  /** Entity kind searched by the person autocomplete (Person, Prospect). */
  entity?: string;
  /** Regex anchored at the start of the value. */
  anchored?: boolean;
  /** Kept in the API but not shown in the search row. */
  hidden?: boolean;
  /**
   * Where the filtered values are kept. By default an equality on the items of a list is a
   * containment match on the document, served by a GIN index on the list. `column`: the values
   * the items hold at the filter's path are also kept, as a text array, in a generated column of
   * their own (with its GIN index), so that checking a row reads a few bytes rather than its
   * document: for a common value that lists walk or count row by row (a financial product).
   */
  storage?: 'column';
}

export type FilterInput = string | FilterDef;

export const equal = (name: string, opts: Partial<FilterDef> = {}): FilterDef => ({ name, kind: 'equal', ...opts });
export const regex = (name: string, opts: Partial<FilterDef> = {}): FilterDef => ({ name, kind: 'regex', ...opts });
export const range = (name: string, opts: Partial<FilterDef> = {}): FilterDef => ({ name, kind: 'range', ...opts });
export const person = (name: string, roles: string[], opts: Partial<FilterDef> = {}): FilterDef => ({
  name,
  kind: 'person',
  roles,
  field: 'persons',
  entity: 'Person',
  ...opts,
});

/** A list column: a field path, optionally with a renderer that differs from the field type. */
export interface ColumnDef {
  field: string;
  render?:
    | 'badge'
    | 'currency'
    | 'percentage'
    | 'date'
    | 'datetime'
    | 'bytes'
    | 'milliseconds'
    | 'object'
    | 'link'
    | 'text';
  hidden?: boolean;
  /** Column holding the currency code of a `currency` column. */
  currencyField?: string;
  /** Column holding the kind's name of a `link` column whose kind varies by row (a note's or a document's record). */
  entityField?: string;
  label?: string;
  /** Not offered for sorting, so no sort index is derived for it (columns of write-heavy kinds: postings). */
  sortable?: false;
}
export type ColumnInput = string | ColumnDef;
export const column = (field: string, opts: Omit<ColumnDef, 'field'> = {}): ColumnDef => ({ field, ...opts });
