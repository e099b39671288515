import { sql, type Kysely } from 'kysely';

/**
 * User photos move to the object store, like documents: a row keeps the photo's key and size;
 * `content` stays for photos written before, each moved to the store when it is next read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE user_photo ADD COLUMN IF NOT EXISTS storage_key text, ADD COLUMN IF NOT EXISTS size integer`.execute(
    db,
  );
  await sql`ALTER TABLE user_photo ALTER COLUMN content DROP NOT NULL`.execute(db);
}
