import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-text.ts';

describe("a notification's text", () => {
  it("shows a batch's message in the reader's language, its counts and names as written", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'fr-FR',
      keySeparator: false,
      nsSeparator: false,
      resources: { 'fr-FR': { translation: { Done: 'Terminé' } } },
    });
    expect(notificationText(i18n.t, 'Done')).toBe('Terminé');
    expect(notificationText(i18n.t, 'Done — invoices: 3')).toBe('Terminé — invoices: 3');
    expect(notificationText(i18n.t, 'Billing run of 2025-06-30')).toBe('Billing run of 2025-06-30');
  });
});
