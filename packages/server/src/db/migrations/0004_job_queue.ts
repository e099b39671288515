import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { APP_ROLE } from '../schema.ts';

/** The schema holding the job queue's tables (pg-boss). */
export const JOB_SCHEMA = 'pgboss';
/** The one queue every long job goes through: a job names the Batch record it advances. */
export const BATCH_QUEUE = 'batch';

/**
 * The job queue (pg-boss, docs/decisions.md "Background jobs"): its tables, made by the owner as
 * pg-boss makes them, used by the application role; the queue of batches, made here because
 * making one creates a table; and batches_to_resume(), which names across tenants the batches
 * whose worker stopped renewing its lease (a killed process, a CONTINUE) so that any process
 * queues them again. It answers registrations only, never a tenant's data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  // pg-boss wraps its plan in a transaction of its own; here it runs in the migration's.
  const plan = PgBoss.getConstructionPlans(JOB_SCHEMA)
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
  // Idempotent, as every migration here: a database that has the queue already keeps it.
  const { rows } = await sql<{
    installed: boolean;
  }>`SELECT to_regclass(${`${JOB_SCHEMA}.version`}) IS NOT NULL AS installed`.execute(db);
  if (!rows[0].installed) await run(plan);
  await run(
    `SELECT ${JOB_SCHEMA}.create_queue('${BATCH_QUEUE}', '{"policy":"standard","retryLimit":3,"retryDelay":5,"expireInSeconds":900,"retentionMinutes":10080}'::json)`,
  );
  await run(`GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`);
  await run(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`);
  await run(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`);
  // Row-level security binds even the table's owner: each tenant's batches are read under its own setting.
  await run(`CREATE OR REPLACE FUNCTION batches_to_resume(p_limit integer) RETURNS TABLE (tenant text, registration text)
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
    DECLARE t text;
    BEGIN
      IF to_regclass('public.batch') IS NULL THEN RETURN; END IF;
      FOR t IN SELECT DISTINCT d.tenant FROM login_directory d LOOP
        PERFORM set_config('app.tenant', t, true);
        RETURN QUERY EXECUTE 'SELECT b.tenant, b.registration FROM batch b WHERE b.tenant = $1 AND b.status IN (''FETCHING'', ''PROCESSING'')
          AND coalesce((b.data->>''leaseUntil'')::timestamptz, ''-infinity'') < now() ORDER BY b._update_date LIMIT $2' USING t, p_limit;
      END LOOP;
      PERFORM set_config('app.tenant', '', true);
    END $$`);
  await run(`REVOKE ALL ON FUNCTION batches_to_resume(integer) FROM PUBLIC`);
  await run(`GRANT EXECUTE ON FUNCTION batches_to_resume(integer) TO ${APP_ROLE}`);
}
