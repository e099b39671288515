import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import type { Tx } from '../db/database.ts';
import type { Caller, WriteHooks } from '../entities/crud.operation.ts';
import { findOne, type Doc } from '../entities/storage.ts';

/**
 * A campaign contact's links (docs/kinds.md): its campaign, and its person or prospect when
 * named, are records of the caller's tenant; another tenant's is not found, as if it did not exist.
 */
const linked: [field: string, kind: string][] = [
  ['campaignRegistration', 'Campaign'],
  ['personRegistration', 'Person'],
  ['prospectRegistration', 'Prospect'],
];

async function checkLinks(tx: Tx, caller: Caller, doc: Doc, before?: Doc): Promise<void> {
  for (const [field, kindName] of linked) {
    const registration = doc[field];
    if (typeof registration !== 'string' || !registration || registration === before?.[field]) continue;
    const kind = entityByName(kindName)!;
    if (!(await findOne(tx, kind, caller.tenant, registration)))
      throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [kind.name, registration]);
  }
}

export const campaignContactHooks: WriteHooks = {
  async beforeCreate(tx, caller, _entity, doc) {
    await checkLinks(tx, caller, doc);
    return doc;
  },
  async beforeUpdate(tx, caller, _entity, doc, before) {
    await checkLinks(tx, caller, doc, before);
    return doc;
  },
};
