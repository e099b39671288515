import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc, Row } from '../entities/storage.ts';
import { notify } from './notify.ts';

/** The written texts of a batch's end, in the starter's language (French or English). */
const texts = {
  en: {
    finished: (name: string) => `Batch finished: ${name}`,
    warning: (name: string) => `Batch finished with warnings: ${name}`,
    failed: (name: string) => `Batch failed: ${name}`,
  },
  fr: {
    finished: (name: string) => `Traitement terminé : ${name}`,
    warning: (name: string) => `Traitement terminé avec des avertissements : ${name}`,
    failed: (name: string) => `Traitement en échec : ${name}`,
  },
};

const lastMessage = (data: Doc) => {
  const log = Array.isArray(data.log) ? (data.log as { message?: unknown }[]) : [];
  const message = log.at(-1)?.message;
  return typeof message === 'string' ? message : undefined;
};

/** A short text of a batch's result (its counts), for the notification's body. */
function resultText(result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const parts = Object.entries(result as Doc)
    .filter(([, v]) => typeof v === 'number' || (typeof v === 'string' && v.length <= 60))
    .slice(0, 6)
    .map(([k, v]) => `${k}: ${v}`);
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * Tells the user who started a batch that it ended (`ServerModule.batchEnded`): BATCH_FINISHED
 * with its last message and result, BATCH_FAILED with its error. A batch the server started
 * itself (`system`) tells no one. Written as the system, so that its starter is not taken for
 * its author; once per end of the batch (its version at the end).
 */
export async function notifyBatchEnded(tx: Tx, caller: Caller, batch: Row): Promise<void> {
  const starter = batch._insert_user;
  if (!starter || starter === 'system') return;
  const data = batch.data as Doc;
  const status = String(batch.status ?? data.status ?? '');
  const failed = status === 'ERROR';
  const { rows } = await sql<{ locale: string | null }>`
    SELECT data->>'locale' AS locale FROM "user" WHERE registration = ${starter}`.execute(tx);
  const t = (rows[0]?.locale ?? '').toLowerCase().startsWith('fr') ? texts.fr : texts.en;
  const name = String(data.name ?? batch.registration);
  const message = lastMessage(data);
  const result = resultText(data.result);
  await notify(
    tx,
    { tenant: caller.tenant, username: 'system' },
    {
      to: { usernames: [starter] },
      type: failed ? 'BATCH_FAILED' : 'BATCH_FINISHED',
      title: failed ? t.failed(name) : status === 'WARNING' ? t.warning(name) : t.finished(name),
      body: [message, failed ? undefined : result].filter(Boolean).join(' — ') || undefined,
      link: `/batch/${batch.registration}`,
      about: { entity: 'Batch', registration: batch.registration },
      key: `batch:${batch.registration}:${batch._version}`,
    },
  );
}
