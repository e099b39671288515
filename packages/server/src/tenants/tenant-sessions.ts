import { sql } from 'kysely';
import type { SideEffectContext } from '../workflow/side-effects.ts';

/**
 * SUSPEND and CLOSE end every session of the tenant, in the transition's transaction: the row
 * scope is moved to that tenant for the update (the session rows are its own) and back. The
 * sessions table marks the transaction as an authorisation change, so every process drops its
 * cached sessions once it commits; sign-in then refuses the tenant's users (signInGuard).
 */
export async function endTenantSessions({ tx, doc }: SideEffectContext) {
  const tenant = String(doc.registration);
  const {
    rows: [scope],
  } = await sql<{ tenant: string }>`SELECT current_setting('app.tenant') AS tenant`.execute(tx);
  await sql`SELECT set_config('app.tenant', ${tenant}, true)`.execute(tx);
  await sql`UPDATE session SET revoked_at = now() WHERE tenant = ${tenant} AND revoked_at IS NULL`.execute(tx);
  await sql`SELECT set_config('app.tenant', ${scope.tenant}, true)`.execute(tx);
  return doc;
}
