import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../schema.ts';

/**
 * The hand-written tables as the first versioned schema had them: counters, credentials,
 * sessions, the login directory, photos, tenant configuration, the sign-in throttle and
 * idempotency keys, with the functions entity tables and their indexes call.
 *
 * Every statement is idempotent (IF NOT EXISTS, OR REPLACE, DROP … IF EXISTS): a database
 * created before migrations existed already holds all of this, and is adopted as it is.
 * Frozen: a later change is a new migration, never an edit here (what ran must stay what is
 * written). Hence the tenant policy is spelt out rather than taken from db/schema.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  const tenantPolicy = async (table: string) => {
    for (const statement of [
      `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
      `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
      `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
      `CREATE POLICY tenant_isolation ON ${table} USING (tenant = current_setting('app.tenant', true)) WITH CHECK (tenant = current_setting('app.tenant', true))`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${APP_ROLE}`,
    ])
      await run(statement);
  };

  await run(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  // The words of a text (split on spaces, at most 200 characters each), for the word index of
  // `search=` (db/schema.ts textWordsSql).
  await run(`CREATE OR REPLACE FUNCTION search_words(text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT left(w, 200))), ''::tsvector)
    FROM unnest(string_to_array($1, ' ')) AS w WHERE w <> '' $$`);
  // A number stored in `data` as numeric, for number ranges and sorts (entities/field-paths.ts)
  // and their indexes (db/schema.ts). Unlike a cast, it cannot fail (text that is not a JSON
  // number is null), so it can be marked leak-proof and its index used under row-level
  // security. PL/pgSQL, so that the planner keeps the call, with its marking, instead of
  // inlining the cast.
  await run(`CREATE OR REPLACE FUNCTION numeric_value(text) RETURNS numeric
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    BEGIN
      IF $1 ~ '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]{1,4})?$' THEN RETURN $1::numeric; END IF;
      RETURN NULL;
    END $$`);
  // Row-level security evaluates a query's own conditions after the policy unless every function
  // in them is LEAKPROOF, so an index on `data ->> 'x'`, a jsonb containment or a trigram search
  // could not be used by the application role. These functions cannot reveal a row's data
  // through an error (their errors depend on the pattern only), so they are marked LEAKPROOF,
  // which takes a superuser; without one the marking is skipped and queries stay correct, slower.
  // Casts from text (`::numeric`) are left out: their error message would show the value.
  const leakproof = [
    'jsonb_object_field_text(jsonb, text)',
    'jsonb_object_field(jsonb, text)',
    'jsonb_extract_path_text(jsonb, text[])',
    'jsonb_extract_path(jsonb, text[])',
    'jsonb_contains(jsonb, jsonb)',
    'jsonb_exists(jsonb, text)',
    'textlike(text, text)',
    'texticlike(text, text)',
    'textregexeq(text, text)',
    'texticregexeq(text, text)',
    'lower(text)',
    'textcat(text, text)',
    'search_words(text)',
    'ts_match_vq(tsvector, tsquery)',
    // Number comparisons never fail; numeric_value returns null rather than failing.
    'numeric_eq(numeric, numeric)',
    'numeric_ne(numeric, numeric)',
    'numeric_lt(numeric, numeric)',
    'numeric_le(numeric, numeric)',
    'numeric_gt(numeric, numeric)',
    'numeric_ge(numeric, numeric)',
    'numeric_value(text)',
  ];
  await run(`DO $$ BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ${leakproof.map((f) => `ALTER FUNCTION ${f} LEAKPROOF;`).join('\n    ')}
  END IF; END $$`);
  await run(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);

  await db.schema
    .createTable('installation')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await run(`GRANT SELECT ON installation TO ${APP_ROLE}`);
  await sql`INSERT INTO installation VALUES ('token-secret', ${crypto.randomBytes(32).toString('hex')}) ON CONFLICT DO NOTHING`.execute(
    db,
  );

  await db.schema
    .createTable('sequence_counter')
    .ifNotExists()
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sequence_counter_pkey', ['tenant', 'entity'])
    .execute();
  await tenantPolicy('sequence_counter');

  await db.schema
    .createTable('user_credential')
    .ifNotExists()
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('password_changed_at', 'timestamptz')
    .addPrimaryKeyConstraint('user_credential_pkey', ['tenant', 'username'])
    .execute();
  await tenantPolicy('user_credential');

  await db.schema
    .createTable('session')
    .ifNotExists()
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('_id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('session'))
    .addColumn('address', 'text')
    .addColumn('impersonating', 'text')
    .addPrimaryKeyConstraint('session_pkey', ['tenant', '_id'])
    .execute();
  await tenantPolicy('session');
  await db.schema
    .createIndex('session_by_username')
    .ifNotExists()
    .on('session')
    .columns(['tenant', 'username'])
    .execute();

  // Which tenants hold a username: readable only through login_tenants(), the one cross-tenant
  // path of sign-in, and written only by the credential trigger.
  await db.schema
    .createTable('login_directory')
    .ifNotExists()
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_directory_pkey', ['username', 'tenant'])
    .execute();
  await run(`REVOKE ALL ON login_directory FROM PUBLIC`);
  await run(`CREATE OR REPLACE FUNCTION login_tenants(p_username text) RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
    $$ SELECT tenant FROM login_directory WHERE username = lower(p_username) ORDER BY tenant $$`);
  await run(`CREATE OR REPLACE FUNCTION login_directory_sync() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN DELETE FROM login_directory WHERE username = lower(OLD.username) AND tenant = OLD.tenant; END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN INSERT INTO login_directory VALUES (lower(NEW.username), NEW.tenant) ON CONFLICT DO NOTHING; END IF;
      RETURN NULL;
    END $$`);
  await run(`DROP TRIGGER IF EXISTS user_credential_directory ON user_credential`);
  await run(
    `CREATE TRIGGER user_credential_directory AFTER INSERT OR UPDATE OR DELETE ON user_credential FOR EACH ROW EXECUTE FUNCTION login_directory_sync()`,
  );
  await run(`GRANT EXECUTE ON FUNCTION login_tenants(text) TO ${APP_ROLE}`);

  await db.schema
    .createTable('user_photo')
    .ifNotExists()
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_photo_pkey', ['tenant', 'username'])
    .execute();
  await tenantPolicy('user_photo');

  await db.schema
    .createTable('tenant_configuration')
    .ifNotExists()
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('tenant_configuration_pkey', ['tenant', 'name'])
    .execute();
  await tenantPolicy('tenant_configuration');

  // Sign-in attempts per client address, shared by every server process: no tenant is known
  // before sign-in, so the table holds addresses and counts only, reachable through one function.
  await db.schema
    .createTable('login_throttle')
    .ifNotExists()
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await run(`REVOKE ALL ON login_throttle FROM PUBLIC`);
  await run(`CREATE OR REPLACE FUNCTION login_throttle_hit(p_address text, p_window_seconds integer)
    RETURNS TABLE (attempts integer, retry_after integer)
    LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
      INSERT INTO login_throttle AS t (address, window_start, hits) VALUES (p_address, now(), 1)
      ON CONFLICT (address) DO UPDATE SET
        hits = CASE WHEN t.window_start <= now() - make_interval(secs => p_window_seconds) THEN 1 ELSE t.hits + 1 END,
        window_start = CASE WHEN t.window_start <= now() - make_interval(secs => p_window_seconds) THEN now() ELSE t.window_start END
      RETURNING t.hits, greatest(1, ceil(extract(epoch FROM t.window_start + make_interval(secs => p_window_seconds) - now())))::integer $$`);
  await run(`GRANT EXECUTE ON FUNCTION login_throttle_hit(text, integer) TO ${APP_ROLE}`);

  // Idempotency keys of writes (http/idempotency.ts): the first answer, kept 24 hours.
  await db.schema
    .createTable('idempotency_key')
    .ifNotExists()
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('claim', 'uuid')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('status', 'integer')
    .addColumn('headers', 'jsonb')
    .addColumn('body', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pkey', ['tenant', 'username', 'key'])
    .execute();
  await tenantPolicy('idempotency_key');
  await db.schema
    .createIndex('idempotency_key_expiry')
    .ifNotExists()
    .on('idempotency_key')
    .columns(['tenant', 'expires_at'])
    .execute();
}
