import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import type { Operations } from '../entities/crud.operation.ts';
import { runTransition } from '../workflow/workflow.operation.ts';

/** The flag the demo shows acting: the Calendar (its menu entry, screen and data), on until an admin turns it off. */
export const CALENDAR_FLAG = 'calendar';

export async function writeDemoFlags(db: Db, operations: Operations, tenant: string): Promise<void> {
  const caller = { tenant, username: 'admin@demo' };
  const flagKind = entityByName('FeatureFlag')!;
  const existing = await operations.list(caller, flagKind, { name: CALENDAR_FLAG });
  if (existing.size > 0) return;
  await operations.create(caller, flagKind, {
    name: CALENDAR_FLAG,
    type: 'OPERATIONAL',
    description: 'The Calendar: its menu entry, its screen and the events it reads.',
  });
  await inTenant(db, { tenant, user: caller.username }, (tx) =>
    runTransition(tx, { ...caller, isAdmin: true }, flagKind, CALENDAR_FLAG, 'ENABLE'),
  );
}
