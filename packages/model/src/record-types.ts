import type { Entity } from './entity.ts';
import type { FieldType, Fields } from './fields.ts';

/**
 * A kind's record type, derived from its declaration: `RecordOf<typeof invoice>` is an invoice as
 * the API answers it and domain code reads it. Each field constructor (fields.ts) keeps its type
 * and options at the type level, and maps to the value validation (values/validate.ts) stores:
 * - text-like fields (text, textarea, email, phone, iban, username, color), `select` and `link` →
 *   string (a select's code, a link's registration); a multiple `select` → string[];
 * - number, integer, percentage and currency → number (amounts are stored as JSON numbers in
 *   their currency's decimals, not as decimal strings);
 * - date → a `YYYY-MM-DD` string (`Day`); datetime → an ISO instant string;
 * - boolean → boolean; `list(fields)` → an array of item records; `object(fields)` → a record;
 *   json → unknown.
 * A field is optional (and may be null: an emptied value is stored as null) unless its
 * declaration says `mandatory: true`. Fields a tenant's configuration adds (extension fields) are
 * not in the type: code reading them reads a generic document.
 */

/** A day, `YYYY-MM-DD`, as date fields are stored. */
export type Day = string;

/** The value of each scalar field type. */
interface ScalarValues {
  text: string;
  textarea: string;
  markdown: string;
  email: string;
  phone: string;
  iban: string;
  username: string;
  color: string;
  number: number;
  integer: number;
  percentage: number;
  currency: number;
  date: Day;
  datetime: string;
  boolean: boolean;
  select: string;
  link: string;
  list: Record<string, unknown>[];
  object: Record<string, unknown>;
  json: unknown;
}

/** The value a declared field holds. */
export type ValueOf<F> = F extends { type: 'list'; fields: infer S extends Fields }
  ? FieldValues<S>[]
  : F extends { type: 'object'; fields: infer S extends Fields }
    ? FieldValues<S>
    : F extends { type: 'select'; multiple: true }
      ? string[]
      : F extends { type: infer T extends FieldType }
        ? ScalarValues[T]
        : unknown;

type Simplify<T> = { [K in keyof T]: T[K] };
/** The declared names of a field set: not the index signature of an undeclared `Fields`. */
type Declared<F> = keyof { [K in keyof F as string extends K ? never : K]: F[K] };
type MandatoryKeys<F> = { [K in Declared<F>]: F[K] extends { mandatory: true } ? K : never }[Declared<F>];
type OptionalKeys<F> = Exclude<Declared<F>, MandatoryKeys<F>>;

/** The values of a field set: its mandatory fields present, the others optional and nullable. */
export type FieldValues<F extends Fields> = string extends keyof F
  ? Record<string, unknown>
  : Simplify<
      { -readonly [K in MandatoryKeys<F>]: ValueOf<F[K]> } & {
        -readonly [K in OptionalKeys<F>]?: ValueOf<F[K]> | null;
      }
    >;

/** The fields every kind has (entity.ts `defineEntity`), as stored in its document. */
// Type aliases, not interfaces: a record is also a generic document (`Record<string, unknown>`).
export type BaseData = {
  /** Server-numbered (`INV000001`) or the kind's key; always present once stored. */
  registration: string;
  name?: string | null;
  /** A code of the kind's status list; absent on kinds without status. */
  status?: string;
  type?: string | null;
  organization?: { name?: string | null } | null;
};

/** What the storage adds to a stored document: its id, version and audit fields. */
export type AuditFields = {
  _id: string;
  _version: number;
  /** ISO instants. */
  _insertDate: string;
  _insertUser: string | null;
  _updateDate: string | null;
  _updateUser: string | null;
};

/** The declared fields of a kind (`Fields` for a kind the caller does not know). */
export type DeclaredFields<E> = E extends Entity<infer F> ? F : Fields;

/**
 * A kind's stored document (the `data` of its row): the base fields and its declared ones, its
 * registration always present (a kind keyed by a client's value declares it optional: stored, it
 * is there). A kind not known at compile time (`Entity`) has a generic document.
 */
export type DataOf<E> = string extends keyof DeclaredFields<E>
  ? Record<string, unknown>
  : Simplify<
      Omit<BaseData, Declared<DeclaredFields<E>>> &
        Omit<FieldValues<DeclaredFields<E>>, 'registration'> & { registration: string }
    >;

/** A kind's record as the API answers it and domain code reads it: its document with its id, version and audit fields. */
export type RecordOf<E> = string extends keyof DeclaredFields<E>
  ? Record<string, unknown>
  : Simplify<DataOf<E> & AuditFields>;

/** What a write gives for a kind: its declared fields, every one optional (the write completes and checks them). */
export type InputOf<E> = string extends keyof DeclaredFields<E>
  ? Record<string, unknown>
  : Partial<DataOf<E>> & { _version?: number };
