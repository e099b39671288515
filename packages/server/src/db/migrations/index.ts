import type { Migration, MigrationProvider } from 'kysely';
import * as core from './0001_core.ts';
import * as userPhotosInStore from './0002_user_photos_in_store.ts';
import * as sso from './0003_sso.ts';
import * as jobQueue from './0004_job_queue.ts';
import * as crons from './0005_crons.ts';
import * as books from './0006_books.ts';

/**
 * The hand-written tables' migrations, in the order they run (Kysely's Migrator sorts the
 * names). A change to a hand-written table is a new file here, named with the next number;
 * one that ran is never edited. Entity tables are not migrated: they are derived from the
 * declarations (db/migrate.ts, docs/decisions.md).
 */
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_user_photos_in_store': userPhotosInStore,
  '0003_sso': sso,
  '0004_job_queue': jobQueue,
  '0005_crons': crons,
  '0006_books': books,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
