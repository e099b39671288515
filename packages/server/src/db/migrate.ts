import crypto from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { dynoStore } from '@lbo/model/dyno';
import type { Db } from './database.ts';
import { APP_ROLE, entityTableDdl, itemTextsFunction } from './schema.ts';
import { AUTH_CHANNEL } from './change-feed.ts';
import { migrationProvider, migrations } from './migrations/index.ts';
import { postingTriggers } from './migrations/0006_books.ts';

export { APP_ROLE };

/**
 * Writes to what a request's caller is loaded from (sessions, users, profile permissions, feature flags) mark
 * the transaction and notify every server process, which drop their caches (db/change-feed.ts).
 */
function authChangeTriggers(): string[] {
  const tables = [
    ['session', 'UPDATE OR DELETE'],
    [entityByName('User')!.table, 'INSERT OR UPDATE OR DELETE'],
    ['tenant_configuration', 'INSERT OR UPDATE OR DELETE'],
    // Feature flags gate what a caller sees and may do (auth/feature-flags.ts).
    [entityByName('FeatureFlag')!.table, 'INSERT OR UPDATE OR DELETE'],
    [entityByName('FeatureFlagItem')!.table, 'INSERT OR UPDATE OR DELETE'],
  ];
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

const moduleSchemas: { name: string; statements: () => string[] }[] = [];

/**
 * Adds a module's own DDL (ServerModule `schema`) to the derived DDL. The composition root
 * (product.ts) registers every module's when it is loaded, before any database is opened.
 */
export function registerModuleSchema(name: string, statements: () => string[]): void {
  if (!moduleSchemas.some((s) => s.name === name)) moduleSchemas.push({ name, statements });
}

/**
 * The DDL derived from the declarations: one table per kind (and the dynamic kinds' store),
 * its indexes and policy, and the triggers on what a caller is loaded from. Idempotent.
 */
export function derivedStatements(): string[] {
  return [
    itemTextsFunction,
    ...entities.flatMap(entityTableDdl),
    ...entityTableDdl(dynoStore),
    ...authChangeTriggers(),
    ...postingTriggers(entityByName('Posting')!.table),
    ...moduleSchemas.flatMap((s) => s.statements()),
  ];
}

/**
 * Whether a migration of this build is not recorded yet. Kysely's Migrator finds that out too,
 * but by introspecting every column of every table, which took 100 ms of each start.
 */
async function migrationsPending(owner: Db): Promise<boolean> {
  const {
    rows: [{ recording }],
  } = await sql<{ recording: boolean }>`SELECT to_regclass('public.kysely_migration') IS NOT NULL AS recording`.execute(
    owner,
  );
  if (!recording) return true;
  const done = new Set(
    (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(owner)).rows.map((r) => r.name),
  );
  return Object.keys(migrations).some((name) => !done.has(name));
}

async function runMigrations(owner: Db): Promise<void> {
  const { error, results } = await new Migrator({ db: owner, provider: migrationProvider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/**
 * Brings the database to the schema of this build, as its owner. Safe when several processes
 * start together on one database:
 * 1. the application role, created once in the cluster;
 * 2. the hand-written tables, by the ordered migrations of db/migrations/ (Kysely's Migrator,
 *    which holds an advisory lock while it runs them and records each in `kysely_migration`);
 * 3. the entity tables, derived from the declarations: the DDL's hash is stored, so a restart
 *    with the same declarations does nothing, and a changed declaration re-runs the whole
 *    (idempotent) DDL, under an advisory lock.
 */
export async function migrate(owner: Db): Promise<void> {
  // Two processes creating the role at once: the second fails on the catalogue's unique index.
  await sql
    .raw(`DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
      CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS;
    END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`)
    .execute(owner);
  if (await migrationsPending(owner)) await runMigrations(owner);
  const statements = derivedStatements();
  const hash = crypto.createHash('sha256').update(statements.join(';\n')).digest('hex');
  await owner.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(7201)`.execute(tx);
    const stored = await tx.selectFrom('installation').select('value').where('key', '=', 'schema').executeTakeFirst();
    if (stored?.value === hash) return;
    for (const statement of statements) await sql.raw(statement).execute(tx);
    await tx
      .insertInto('installation')
      .values({ key: 'schema', value: hash })
      .onConflict((c) => c.column('key').doUpdateSet({ value: hash }))
      .execute();
  });
}
