import crypto from 'node:crypto';
import { sql } from 'kysely';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { dynoStore } from '@lbo/model/dyno';
import type { Db } from './database.ts';
import { APP_ROLE, entityTableDdl, tenantPolicy } from './schema.ts';
import { AUTH_CHANNEL } from './change-feed.ts';

export { APP_ROLE };

/** Tables that are not entity kinds: counters, credentials, sessions and the login directory. */
const specialTables = [
  `CREATE TABLE IF NOT EXISTS installation (key text PRIMARY KEY, value text NOT NULL)`,
  `GRANT SELECT ON installation TO ${APP_ROLE}`,
  `CREATE TABLE IF NOT EXISTS sequence_counter (tenant text NOT NULL, entity text NOT NULL, value bigint NOT NULL, PRIMARY KEY (tenant, entity))`,
  ...tenantPolicy('sequence_counter'),
  `CREATE TABLE IF NOT EXISTS user_credential (
    tenant text NOT NULL, username text NOT NULL, password_hash text, failed_attempts integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant, username))`,
  ...tenantPolicy('user_credential'),
  `CREATE TABLE IF NOT EXISTS session (
    tenant text NOT NULL, _id uuid NOT NULL DEFAULT gen_random_uuid(), username text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL, revoked_at timestamptz,
    PRIMARY KEY (tenant, _id))`,
  ...tenantPolicy('session'),
  // Which tenants hold a username: readable only through login_tenants(), the one
  // cross-tenant path of sign-in, and written only by the credential trigger.
  `CREATE TABLE IF NOT EXISTS login_directory (username text NOT NULL, tenant text NOT NULL, PRIMARY KEY (username, tenant))`,
  `REVOKE ALL ON login_directory FROM PUBLIC`,
  `CREATE OR REPLACE FUNCTION login_tenants(p_username text) RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
    $$ SELECT tenant FROM login_directory WHERE username = lower(p_username) ORDER BY tenant $$`,
  `CREATE OR REPLACE FUNCTION login_directory_sync() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN DELETE FROM login_directory WHERE username = lower(OLD.username) AND tenant = OLD.tenant; END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN INSERT INTO login_directory VALUES (lower(NEW.username), NEW.tenant) ON CONFLICT DO NOTHING; END IF;
      RETURN NULL;
    END $$`,
  `DROP TRIGGER IF EXISTS user_credential_directory ON user_credential`,
  `CREATE TRIGGER user_credential_directory AFTER INSERT OR UPDATE OR DELETE ON user_credential FOR EACH ROW EXECUTE FUNCTION login_directory_sync()`,
  `GRANT EXECUTE ON FUNCTION login_tenants(text) TO ${APP_ROLE}`,
  // Sign-in, sessions and users (auth/): TOTP secrets, session kinds, photos, tenant configuration.
  `ALTER TABLE user_credential ADD COLUMN IF NOT EXISTS totp_secret text`,
  `ALTER TABLE user_credential ADD COLUMN IF NOT EXISTS totp_pending_secret text`,
  `ALTER TABLE user_credential ADD COLUMN IF NOT EXISTS totp_last_step bigint`,
  `ALTER TABLE user_credential ADD COLUMN IF NOT EXISTS password_changed_at timestamptz`,
  `ALTER TABLE session ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'session'`,
  `ALTER TABLE session ADD COLUMN IF NOT EXISTS address text`,
  `ALTER TABLE session ADD COLUMN IF NOT EXISTS impersonating text`,
  `CREATE INDEX IF NOT EXISTS session_by_username ON session (tenant, username)`,
  `CREATE TABLE IF NOT EXISTS user_photo (
    tenant text NOT NULL, username text NOT NULL, content_type text NOT NULL, content bytea NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (tenant, username))`,
  ...tenantPolicy('user_photo'),
  `CREATE TABLE IF NOT EXISTS tenant_configuration (
    tenant text NOT NULL, name text NOT NULL, value jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(), updated_by text, PRIMARY KEY (tenant, name))`,
  ...tenantPolicy('tenant_configuration'),
  // Sign-in attempts per client address, shared by every server process: no tenant is known
  // before sign-in, so the table holds addresses and counts only, reachable through one function.
  `CREATE TABLE IF NOT EXISTS login_throttle (address text PRIMARY KEY, window_start timestamptz NOT NULL, hits integer NOT NULL)`,
  `REVOKE ALL ON login_throttle FROM PUBLIC`,
  `CREATE OR REPLACE FUNCTION login_throttle_hit(p_address text, p_window_seconds integer)
    RETURNS TABLE (attempts integer, retry_after integer)
    LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
      INSERT INTO login_throttle AS t (address, window_start, hits) VALUES (p_address, now(), 1)
      ON CONFLICT (address) DO UPDATE SET
        hits = CASE WHEN t.window_start <= now() - make_interval(secs => p_window_seconds) THEN 1 ELSE t.hits + 1 END,
        window_start = CASE WHEN t.window_start <= now() - make_interval(secs => p_window_seconds) THEN now() ELSE t.window_start END
      RETURNING t.hits, greatest(1, ceil(extract(epoch FROM t.window_start + make_interval(secs => p_window_seconds) - now())))::integer $$`,
  `GRANT EXECUTE ON FUNCTION login_throttle_hit(text, integer) TO ${APP_ROLE}`,
  // Idempotency keys of writes (http/idempotency.ts): the first answer, kept 24 hours.
  `CREATE TABLE IF NOT EXISTS idempotency_key (
    tenant text NOT NULL, username text NOT NULL, key text NOT NULL, fingerprint text NOT NULL,
    claim uuid, claimed_until timestamptz, status integer, headers jsonb, body text, expires_at timestamptz NOT NULL,
    PRIMARY KEY (tenant, username, key))`,
  ...tenantPolicy('idempotency_key'),
  `CREATE INDEX IF NOT EXISTS idempotency_key_expiry ON idempotency_key (tenant, expires_at)`,
];

/**
 * Row-level security evaluates a query's own conditions after the policy unless every function
 * in them is LEAKPROOF, so an index on `data ->> 'x'`, a jsonb containment or a trigram search
 * could not be used by the application role. These functions cannot reveal a row's data
 * through an error (their errors depend on the pattern only), so they are marked LEAKPROOF,
 * which takes a superuser; without one the marking is skipped and queries stay correct, slower.
 * Casts from text (`::numeric`) are left out: their error message would show the value.
 */
const leakproofFunctions = [
  'jsonb_object_field_text(jsonb, text)', 'jsonb_object_field(jsonb, text)', 'jsonb_extract_path_text(jsonb, text[])',
  'jsonb_extract_path(jsonb, text[])', 'jsonb_contains(jsonb, jsonb)', 'jsonb_exists(jsonb, text)',
  'textlike(text, text)', 'texticlike(text, text)', 'textregexeq(text, text)', 'texticregexeq(text, text)',
  'lower(text)', 'textcat(text, text)', 'search_words(text)', 'ts_match_vq(tsvector, tsquery)',
  // Number comparisons never fail; numeric_value returns null rather than failing.
  'numeric_eq(numeric, numeric)', 'numeric_ne(numeric, numeric)', 'numeric_lt(numeric, numeric)', 'numeric_le(numeric, numeric)',
  'numeric_gt(numeric, numeric)', 'numeric_ge(numeric, numeric)', 'numeric_value(text)',
];

/**
 * A number stored in `data` as numeric, for number ranges and sorts (entities/field-paths.ts) and
 * their indexes (db/schema.ts). Unlike a cast, it cannot fail (text that is not a JSON number is
 * null), so it can be marked leak-proof and its index used under row-level security. PL/pgSQL,
 * so that the planner keeps the call, with its marking, instead of inlining the cast.
 */
const numericValueFunction = `CREATE OR REPLACE FUNCTION numeric_value(text) RETURNS numeric
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    BEGIN
      IF $1 ~ '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]{1,4})?$' THEN RETURN $1::numeric; END IF;
      RETURN NULL;
    END $$`;

/** The words of a text (split on spaces, at most 200 characters each) for the word index of `search=` (db/schema.ts). */
const searchWordsFunction = `CREATE OR REPLACE FUNCTION search_words(text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT left(w, 200))), ''::tsvector)
    FROM unnest(string_to_array($1, ' ')) AS w WHERE w <> '' $$`;

const leakproofStatement = `DO $$ BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ${leakproofFunctions.map((f) => `ALTER FUNCTION ${f} LEAKPROOF;`).join('\n    ')}
  END IF; END $$`;

/**
 * Writes to what a request's caller is loaded from (sessions, users, profile permissions) mark
 * the transaction and notify every server process, which drop their caches (db/change-feed.ts).
 */
function authChangeTriggers(): string[] {
  const tables = [['session', 'UPDATE OR DELETE'], [entityByName('User')!.table, 'INSERT OR UPDATE OR DELETE'], ['tenant_configuration', 'INSERT OR UPDATE OR DELETE']];
  return [
    `CREATE OR REPLACE FUNCTION note_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('app.auth_changed', 'on', true);
        PERFORM pg_notify('${AUTH_CHANNEL}', '');
        RETURN NULL;
      END $$`,
    ...tables.flatMap(([table, events]) => [
      `DROP TRIGGER IF EXISTS ${table}_auth_change ON "${table}"`,
      `CREATE TRIGGER ${table}_auth_change AFTER ${events} ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION note_auth_change()`,
    ]),
  ];
}

export function schemaStatements(): string[] {
  return [
    `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    searchWordsFunction,
    numericValueFunction,
    leakproofStatement,
    `GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`,
    ...specialTables,
    ...entities.flatMap(entityTableDdl),
    ...entityTableDdl(dynoStore),
    ...authChangeTriggers(),
  ];
}

/**
 * Brings the database to the schema of this build, once: the DDL's hash is stored, so a
 * restart with the same declarations does nothing. Runs as the owner, under an advisory
 * lock so that several processes starting together migrate once.
 */
export async function migrate(owner: Db): Promise<void> {
  await sql.raw(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
      CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS;
    END IF; END $$`).execute(owner);
  const statements = schemaStatements();
  const hash = crypto.createHash('sha256').update(statements.join(';\n')).digest('hex');
  await owner.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(7201)`.execute(tx);
    const { rows: [table] } = await sql<{ exists: boolean }>`SELECT to_regclass('public.installation') IS NOT NULL AS exists`.execute(tx);
    const { rows } = table.exists ? await sql<{ hash: string }>`SELECT value AS hash FROM installation WHERE key = 'schema'`.execute(tx) : { rows: [] };
    if (rows[0]?.hash === hash) return;
    for (const statement of statements) await sql.raw(statement).execute(tx);
    await sql`INSERT INTO installation VALUES ('schema', ${hash}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(tx);
    await sql`INSERT INTO installation VALUES ('token-secret', ${crypto.randomBytes(32).toString('hex')}) ON CONFLICT DO NOTHING`.execute(tx);
  });
}
