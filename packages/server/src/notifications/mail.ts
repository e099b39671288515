import { readConfig } from '../config.ts';
import type { Tx } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import { queueMail } from '../mail/mail.module.ts';
import type { NewNotification } from './notification-types.ts';
import type { Recipient } from './notify.ts';

/** The address links in mails start with (`PUBLIC_URL`, config.ts). */
const publicUrl = () => readConfig().publicUrl;

/**
 * The e-mail of a notification, for a recipient whose preferences ask for one: queued by the mail
 * module in the notification's transaction (sent once it committed), one per notification. A
 * mention is mailed with the mail module's `mention` template, anything else with `notification`.
 */
export async function mailNotification(
  tx: Tx,
  caller: Caller,
  recipient: Recipient,
  notification: NewNotification,
  registration: string,
): Promise<void> {
  if (!recipient.email) return;
  const link = notification.link
    ? `${publicUrl()}${notification.link.startsWith('/') ? '' : '/'}${notification.link}`
    : undefined;
  const about = notification.about ? `${notification.about.entity} ${notification.about.registration}` : undefined;
  const mention = notification.type === 'MENTION';
  await queueMail(tx, caller, {
    to: [recipient.email],
    template: mention ? 'mention' : 'notification',
    ...(recipient.locale ? { locale: recipient.locale } : {}),
    variables: mention
      ? { author: caller.username, about, excerpt: notification.body ?? notification.title, link }
      : { title: notification.title, body: notification.body ?? '', link },
    key: `notification:${recipient.username}:${registration}`,
    category: 'NOTIFICATION',
  });
}
