import { sql } from 'kysely';
import { score as scoreKind } from '@lbo/model/entities/scoring/score.entity';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { WorkflowCaller } from '../workflow/permissions.ts';
import { clientOf, computeOnDemand, defaultCard } from './scoring.operation.ts';

/**
 * The demo tenant's scores: every deal the demo submitted was scored by its SUBMIT; this step
 * scores the deals still unscored (submitted before the card existed) and the clients of its
 * first active contracts again, so that persons show a history and every decision its reasons.
 */
export async function writeDemoScores(db: Db, tenant: string): Promise<number> {
  const caller: WorkflowCaller = { tenant, username: 'system', isAdmin: true, timeZone: 'Europe/Paris' };
  const today = '2025-06-30';
  return inTenant(db, { tenant, user: 'system' }, async (tx) => {
    const [personScore] = await storage.findWhere(
      tx,
      scoreKind,
      tenant,
      sql<boolean>`data->>'dealRegistration' IS NULL`,
      1,
    );
    if (personScore || !(await defaultCard(tx, tenant))) return 0;
    let written = 0;
    const deals = await storage.findWhere(
      tx,
      entityByName('Deal')!,
      tenant,
      sql<boolean>`status <> 'DRAFT' AND data->>'scoreRegistration' IS NULL AND jsonb_array_length(coalesce(data->'persons', '[]'::jsonb)) > 0`,
      20,
    );
    for (const deal of deals) {
      await computeOnDemand(tx, caller, today, { dealRegistration: deal.registration });
      written++;
    }
    const contracts = await storage.findWhere(
      tx,
      entityByName('Contract')!,
      tenant,
      sql<boolean>`status = 'ACTIVE'`,
      4,
    );
    for (const contract of contracts) {
      const person = clientOf(contract.data);
      if (!person) continue;
      await computeOnDemand(tx, caller, today, { personRegistration: person });
      written++;
    }
    return written;
  });
}
