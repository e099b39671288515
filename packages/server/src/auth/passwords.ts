import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';

export const hashPassword = (password: string) => hash(password);

// Verifying against this hash when the user does not exist keeps both failures equally slow.
const decoy = hash('decoy password that matches nothing');

export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

export async function setPassword(tx: Tx, tenant: string, username: string, password: string): Promise<void> {
  await sql`INSERT INTO user_credential (tenant, username, password_hash) VALUES (${tenant}, ${username}, ${await hashPassword(password)})
    ON CONFLICT (tenant, username) DO UPDATE SET password_hash = excluded.password_hash, failed_attempts = 0`.execute(
    tx,
  );
}
