import { sql } from 'kysely';
import { inTenant } from '../db/database.ts';
import type { DemoStep } from '../modules/server-module.ts';
import { notify } from './notify.ts';

const DEMO_ADMIN = 'admin@demo';

/**
 * The demo's notifications (docs/notifications.md): the administrator's bell shows four unread (of its own)
 * on first sign-in — a batch finished, a task assigned, a mention and a returned debit — each
 * linking to a record of the demo book. Written in French, the demo's language, with keys, so
 * that a restart writes none twice.
 */
export const notificationsDemo: DemoStep = {
  name: 'notifications of the administrator',
  async run({ db, tenant }) {
    await inTenant(db, { tenant, user: 'system' }, async (tx) => {
      const first = async (table: string, where = sql`true`) =>
        (
          await sql<{ registration: string }>`SELECT registration FROM ${sql.table(table)} WHERE ${where}
            ORDER BY _insert_date, registration LIMIT 1`.execute(tx)
        ).rows[0]?.registration;
      const contract = await first('contract');
      const batch = await first('batch', sql`status = 'SUCCESS'`);
      const caller = { tenant, username: 'system' };
      const to = { usernames: [DEMO_ADMIN] };
      const contractLink = contract
        ? { link: `/contract/${contract}`, about: { entity: 'Contract', registration: contract } }
        : {};
      // The demo book's batches may all still be running or queued: the notification then points at the list.
      await notify(tx, caller, {
        to,
        type: 'BATCH_FINISHED',
        title: batch ? `Traitement terminé : ${batch}` : 'Traitement terminé : facturation du mois',
        body: 'Le traitement s’est terminé sans erreur.',
        link: batch ? `/batch/${batch}` : '/batches',
        ...(batch ? { about: { entity: 'Batch', registration: batch } } : {}),
        key: 'demo:batch-finished',
      });
      await notify(tx, caller, {
        to,
        type: 'TASK_ASSIGNED',
        title: contract ? `Nouvelle tâche : vérifier le dossier ${contract}` : 'Nouvelle tâche : vérifier un dossier',
        body: 'Vérifier les pièces justificatives avant la mise en loyer.',
        ...contractLink,
        key: 'demo:task-assigned',
      });
      await notify(tx, caller, {
        to,
        type: 'MENTION',
        title: 'Marie Dupont vous a mentionné',
        body: contract
          ? `@admin pouvez-vous valider l’avenant du contrat ${contract} ?`
          : '@admin pouvez-vous valider cet avenant ?',
        ...contractLink,
        key: 'demo:mention',
      });
      await notify(tx, caller, {
        to,
        type: 'RETURN_RECEIVED',
        title: 'Prélèvement rejeté par la banque',
        body: contract
          ? `Le prélèvement du contrat ${contract} est revenu impayé (provision insuffisante).`
          : 'Un prélèvement est revenu impayé (provision insuffisante).',
        ...contractLink,
        key: 'demo:return-received',
      });
    });
  },
};
