import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../schema.ts';

/**
 * Single sign-on: which tenant holds a provider id or a host name (readable through sso_tenant()
 * only, written by a trigger on the tenant's `sso` configuration, so that an id or a host belongs
 * to one tenant); the ids of assertions, states and one-time tokens already used (sso_use_once());
 * and what a session signed in by a provider keeps of it (refresh token, its lifetime, keep-alive).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`CREATE TABLE IF NOT EXISTS sso_directory (
    kind text NOT NULL, id text NOT NULL, tenant text NOT NULL, PRIMARY KEY (kind, id))`);
  await run(`REVOKE ALL ON sso_directory FROM PUBLIC`);
  await run(`CREATE OR REPLACE FUNCTION sso_tenant(p_kind text, p_id text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
    $$ SELECT tenant FROM sso_directory WHERE kind = p_kind AND id = p_id $$`);
  await run(`GRANT EXECUTE ON FUNCTION sso_tenant(text, text) TO ${APP_ROLE}`);
  await run(`CREATE OR REPLACE FUNCTION sso_directory_sync() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.name = 'sso' THEN DELETE FROM sso_directory WHERE tenant = OLD.tenant; END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.name = 'sso' THEN
        INSERT INTO sso_directory (kind, id, tenant)
          SELECT 'oidc', p ->> 'oidcId', NEW.tenant FROM jsonb_array_elements(coalesce(NEW.value -> 'oidc', '[]'::jsonb)) p
          UNION ALL SELECT 'saml', p ->> 'id', NEW.tenant FROM jsonb_array_elements(coalesce(NEW.value -> 'saml', '[]'::jsonb)) p
          UNION ALL SELECT 'host', lower(h), NEW.tenant FROM jsonb_object_keys(coalesce(NEW.value -> 'hosts', '{}'::jsonb)) h;
      END IF;
      RETURN NULL;
    END $$`);
  await run(`DROP TRIGGER IF EXISTS tenant_configuration_sso_directory ON tenant_configuration`);
  await run(`CREATE TRIGGER tenant_configuration_sso_directory AFTER INSERT OR UPDATE OR DELETE ON tenant_configuration
    FOR EACH ROW EXECUTE FUNCTION sso_directory_sync()`);

  await run(`CREATE TABLE IF NOT EXISTS sso_used (key text PRIMARY KEY, expires_at timestamptz NOT NULL)`);
  await run(`REVOKE ALL ON sso_used FROM PUBLIC`);
  // True the first time a key is presented before it expires, false ever after.
  await run(`CREATE OR REPLACE FUNCTION sso_use_once(p_key text, p_seconds integer) RETURNS boolean
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
    DECLARE inserted integer;
    BEGIN
      DELETE FROM sso_used WHERE expires_at < now();
      INSERT INTO sso_used VALUES (p_key, now() + make_interval(secs => p_seconds)) ON CONFLICT DO NOTHING;
      GET DIAGNOSTICS inserted = ROW_COUNT;
      RETURN inserted = 1;
    END $$`);
  await run(`GRANT EXECUTE ON FUNCTION sso_use_once(text, integer) TO ${APP_ROLE}`);

  for (const column of [
    'sso_provider text',
    'sso_refresh_token text',
    'sso_refresh_iat bigint',
    'sso_refresh_expires_in integer',
    'sso_keep_alive_at timestamptz',
    'sso_session_index text',
    'sso_name_id text',
  ]) {
    await run(`ALTER TABLE session ADD COLUMN IF NOT EXISTS ${column}`);
  }
}
