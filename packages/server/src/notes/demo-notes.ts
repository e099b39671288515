import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import { createNote, noteEntity, type MentionNotifier, type NoteCaller } from './notes.operation.ts';

/**
 * The demo tenant's notes, in French like its book: a few on its first contracts and persons,
 * written by its back-office user, one pinned, one mentioning the tenant's administrator (who
 * finds it in their notifications). Written once: a tenant holding notes gets none.
 */
const author = 'camille.martin@example.com';

const contractNotes = [
  {
    text: '**Appel client** du jour : le client confirme la livraison du matériel pour la fin du mois.\n\n- bon de livraison à signer\n- facture de mise en loyer à émettre',
    pinned: true,
  },
  {
    text: "@admin@demo peux-tu valider la remise de 2 % accordée sur ce contrat ? Le comité l'a acceptée hier.",
  },
  { text: 'Relance faite par téléphone : le prélèvement rejeté sera représenté le 15.' },
];

const personNotes = [
  { text: 'Client fidèle depuis 2019. Préfère être contacté **le matin**, par courriel de préférence.', pinned: true },
  { text: 'Bilan 2024 reçu : chiffre d’affaires en hausse de 12 %, endettement stable.' },
];

export async function writeDemoNotes(db: Db, tenant: string, notify?: MentionNotifier): Promise<number> {
  const caller: NoteCaller = { tenant, username: author, permissions: new Set(['read all', 'write all']) };
  return inTenant(db, { tenant, user: author }, async (tx) => {
    const [held] = await storage.findWhere(tx, noteEntity, tenant, sql<boolean>`true`, 1);
    const users = await storage.findMany(tx, entityByName('User')!, tenant, [author, 'admin@demo']);
    if (held || users.length < 2) return 0;
    const first = async (kind: string, n: number) =>
      (await storage.findWhere(tx, entityByName(kind)!, tenant, sql<boolean>`true`, n)).map((r) => r.registration);
    const contracts = await first('Contract', contractNotes.length);
    const persons = await first('Person', personNotes.length);
    let written = 0;
    const write = async (entityName: string, registrations: string[], notes: { text: string; pinned?: boolean }[]) => {
      for (const [i, registration] of registrations.entries()) {
        await createNote(tx, caller, { entityName, entityRegistration: registration, ...notes[i] }, notify);
        written++;
      }
    };
    // Several notes on the first contract and person, so that the card shows its order (pinned first, newest next).
    await write(
      'Contract',
      contracts.map(() => contracts[0]),
      contractNotes,
    );
    await write(
      'Person',
      persons.map(() => persons[0]),
      personNotes,
    );
    if (contracts[1])
      await write('Contract', [contracts[1]], [{ text: 'Dossier complet, en attente de la signature du garant.' }]);
    return written;
  });
}
