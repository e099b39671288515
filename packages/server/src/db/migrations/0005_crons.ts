import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../schema.ts';

/**
 * tenants_with_crons() names the tenants whose `cron-list` holds a cron, so that a worker process
 * finds the crons to run across tenants (jobs/crons.ts). Row-level security binds even the owner,
 * so each tenant's configuration is read under its own setting; it answers tenant names only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`CREATE OR REPLACE FUNCTION tenants_with_crons() RETURNS TABLE (tenant text)
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT DISTINCT d.tenant FROM login_directory d LOOP
        PERFORM set_config('app.tenant', t, true);
        IF EXISTS (SELECT 1 FROM tenant_configuration c WHERE c.tenant = t AND c.name = 'cron-list'
          AND jsonb_typeof(c.value) = 'array' AND jsonb_array_length(c.value) > 0) THEN
          tenant := t;
          RETURN NEXT;
        END IF;
      END LOOP;
      PERFORM set_config('app.tenant', '', true);
    END $$`);
  await run(`REVOKE ALL ON FUNCTION tenants_with_crons() FROM PUBLIC`);
  await run(`GRANT EXECUTE ON FUNCTION tenants_with_crons() TO ${APP_ROLE}`);
}
