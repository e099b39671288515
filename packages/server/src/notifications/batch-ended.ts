import { documentLanguage, documentText, fillPlaceholders } from '@lbo/model/i18n/documents/document-texts';
import { madeNameIn, madeNames } from '@lbo/model/i18n/made-names';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import type { Doc, Row } from '../entities/storage.ts';
import { notify } from './notify.ts';

/** The titles of a batch's end, in English, written in the starter's language by the documents' dictionary. */
export const batchEndedTexts = {
  finished: 'Batch finished: {name}',
  warning: 'Batch finished with warnings: {name}',
  failed: 'Batch failed: {name}',
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
  const locale = rows[0]?.locale ?? 'en';
  // The batch's name, which the server made in English (`Dunning on 2025-09-30`), in the starter's language too.
  const name = madeNameIn(String(data.name ?? batch.registration), (template, values) =>
    documentLanguage(locale) === 'fr'
      ? fillPlaceholders(madeNames[template], values)
      : documentText(locale, template, values),
  );
  const title = (key: keyof typeof batchEndedTexts) => documentText(locale, batchEndedTexts[key], { name });
  const message = lastMessage(data);
  const result = resultText(data.result);
  await notify(
    tx,
    { tenant: caller.tenant, username: 'system' },
    {
      to: { usernames: [starter] },
      type: failed ? 'BATCH_FAILED' : 'BATCH_FINISHED',
      title: title(failed ? 'failed' : status === 'WARNING' ? 'warning' : 'finished'),
      body: [message, failed ? undefined : result].filter(Boolean).join(' — ') || undefined,
      link: `/batch/${batch.registration}`,
      about: { entity: 'Batch', registration: batch.registration },
      key: `batch:${batch.registration}:${batch._version}`,
    },
  );
}
