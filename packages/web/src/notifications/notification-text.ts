import type { TFunction } from 'i18next';

/**
 * A notification's text as the reader's language shows it. The server writes a batch's end as its
 * last message and its counts joined by ' — ' (server/src/notifications/batch-ended.ts), and a
 * message such as "Done" is an interface text: each part is translated when the dictionaries know
 * it, and kept as written (a name, a count) otherwise.
 */
export const notificationText = (t: TFunction, text: string): string =>
  text
    .split(' — ')
    .map((part) => t(part))
    .join(' — ');
