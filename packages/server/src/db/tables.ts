import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

/**
 * The types of the database's tables, as `Kysely<Tables>` sees them. Two kinds of table:
 * - hand-written ones (credentials, sessions, counters, configuration…), typed one by one
 *   here and created by the ordered migrations of db/migrations/;
 * - one table per declared kind (`entity.table`), all of the shape `EntityTable`, derived from
 *   the declarations by db/schema.ts. Their names are known at run time only, so they are not
 *   keys of `Tables`; `withEntityTable` adds one to a connection's types.
 * Column types are those pg hands over with this server's parsers (db/database.ts): bigint as
 * text, timestamps as Date, jsonb parsed.
 */

/** A timestamp: read as a Date, written as a Date or as ISO text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a default: may be left out of an insert. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint, read as text so that it stays exact. */
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
/** jsonb: read parsed, written as JSON text (`${JSON.stringify(v)}::jsonb`). */
type Jsonb<T> = ColumnType<T, string, string>;

/** Keys of the installation: the derived schema's hash (`schema`) and the token secret (`token-secret`). */
export interface InstallationTable {
  key: string;
  value: string;
}

/** The last number given per tenant and kind (registrations) or named counter. */
export interface SequenceCounterTable {
  tenant: string;
  entity: string;
  value: Int8;
}

export interface UserCredentialTable {
  tenant: string;
  username: string;
  password_hash: string | null;
  failed_attempts: Generated<number>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: Int8 | null;
  password_changed_at: Timestamp | null;
}

export interface SessionTable {
  tenant: string;
  _id: Generated<string>;
  username: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** `session`, or `totp` while the second factor is awaited. */
  kind: ColumnType<'session' | 'totp', 'session' | 'totp' | undefined, 'session' | 'totp'>;
  address: string | null;
  impersonating: string | null;
  /** Single sign-on (migration 0003): the provider, its refresh token and keep-alive, the SAML session. */
  sso_provider: string | null;
  sso_refresh_token: string | null;
  sso_refresh_iat: ColumnType<string | null, number | null | undefined, number | null>;
  sso_refresh_expires_in: number | null;
  sso_keep_alive_at: Timestamp | null;
  sso_session_index: string | null;
  sso_name_id: string | null;
}

/** Which tenants hold a username; written by a trigger, read through login_tenants() only. */
export interface LoginDirectoryTable {
  username: string;
  tenant: string;
}

export interface UserPhotoTable {
  tenant: string;
  username: string;
  content_type: string;
  /** Photos written before they moved to the object store; null once moved. */
  content: Buffer | null;
  storage_key: string | null;
  size: number | null;
  updated_at: DefaultTimestamp;
}

export interface TenantConfigurationTable {
  tenant: string;
  name: string;
  value: Jsonb<unknown>;
  updated_at: DefaultTimestamp;
  updated_by: string | null;
}

/** Sign-in attempts per client address; reached through login_throttle_hit() only. */
export interface LoginThrottleTable {
  address: string;
  window_start: Timestamp;
  hits: number;
}

export interface IdempotencyKeyTable {
  tenant: string;
  username: string;
  key: string;
  fingerprint: string;
  claim: string | null;
  claimed_until: Timestamp | null;
  status: number | null;
  headers: Jsonb<Record<string, string>> | null;
  body: string | null;
  expires_at: Timestamp;
}

/** Debit and credit per account and month, moved only by postings' inserts (db/migrations/0006_books.ts). */
export interface AccountBalanceTable {
  tenant: string;
  organization: string;
  account: string;
  currency: string;
  month: string;
  debit: ColumnType<string, string | number, string | number>;
  credit: ColumnType<string, string | number, string | number>;
}

/** The hand-written tables, by name (db/migrations/). */
export interface Tables {
  installation: InstallationTable;
  sequence_counter: SequenceCounterTable;
  user_credential: UserCredentialTable;
  session: SessionTable;
  login_directory: LoginDirectoryTable;
  user_photo: UserPhotoTable;
  tenant_configuration: TenantConfigurationTable;
  login_throttle: LoginThrottleTable;
  idempotency_key: IdempotencyKeyTable;
  account_balance: AccountBalanceTable;
}

/** A document's fields, kept in `data`. */
export type Doc = Record<string, unknown>;

/** The table of every declared kind (db/schema.ts `entityTableDdl`): a few columns and the document. */
export interface EntityTable {
  tenant: string;
  _id: Generated<string>;
  registration: string;
  status: string | null;
  name: string | null;
  type: string | null;
  data: Jsonb<Doc>;
  _insert_date: DefaultTimestamp;
  _insert_user: string | null;
  _update_date: Timestamp | null;
  _update_user: string | null;
  _version: Generated<number>;
}

/** A record of a declared kind as read (every column but `tenant`, which the caller knows). */
export type EntityRow = Omit<Selectable<EntityTable>, 'tenant'>;

/**
 * `db` with the table of a declared kind in its types, for Kysely's query builder:
 * `withEntityTable(tx, entity.table).selectFrom(entity.table)…`.
 */
export const withEntityTable = <Name extends string>(
  db: Kysely<Tables>,
  _table: Name,
): Kysely<Tables & { [T in Name]: EntityTable }> => db.withTables<{ [T in Name]: EntityTable }>();
