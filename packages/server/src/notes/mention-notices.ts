import { notify } from '../notifications/notifications.module.ts';
import type { MentionNotifier } from './notes.operation.ts';

/**
 * A mention told through the notifications module: one MENTION notification per mentioned user
 * and note (its key), pointing at the record; the module mails it to users whose preferences ask
 * for it and announces it live to their open sessions.
 */
export const notifyMention: MentionNotifier = async (tx, caller, { usernames, note, kind }) => {
  const registration = String(note.entityRegistration);
  await notify(tx, caller, {
    to: { usernames },
    type: 'MENTION',
    title: `${caller.username} mentioned you on ${kind.labels.en.singular} ${registration}`,
    body: String(note.name ?? ''),
    link: `/${kind.clientRoute}/${encodeURIComponent(registration)}`,
    about: { entity: kind.name, registration },
    key: `mention:${String(note.registration)}`,
  });
};
