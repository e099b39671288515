import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/i18n.ts';
import { shippedTranslations } from '../web-modules.ts';
import { translatedErrorMessage } from './error-text.ts';

describe("an error's message in the user's language", () => {
  beforeAll(async () => {
    await initI18n('fr-FR', shippedTranslations);
  });
  afterAll(async () => {
    await i18n.changeLanguage('en-EU');
  });

  it('puts the arguments read from the English into the translated template, in order', () => {
    expect(translatedErrorMessage('INVALID_FIELD_VALUE', 'Invalid value 12,5 for field amount')).toBe(
      'Valeur 12,5 invalide pour le champ amount',
    );
    expect(translatedErrorMessage('FORBIDDEN', 'Permission write /api/billing/invoices required')).toBe(
      'Permission write /api/billing/invoices requise',
    );
  });

  it('shows as it came a message that does not fit its code, or an unknown code', () => {
    expect(translatedErrorMessage('INVALID_FIELD_VALUE', 'Something a script said')).toBe('Something a script said');
    expect(translatedErrorMessage('NO_SUCH_CODE', 'As it came')).toBe('As it came');
    expect(translatedErrorMessage(undefined, 'As it came')).toBe('As it came');
  });

  it('reads a German message from the German dictionary', async () => {
    await i18n.changeLanguage('de-DE');
    const { loadShippedTranslations } = await import('../../i18n/i18n.ts');
    await loadShippedTranslations('de-DE');
    const german = translatedErrorMessage('MISSING_FIELD_IN_BODY', 'Missing field name in body');
    expect(german).toContain('name');
    expect(german).not.toBe('Missing field name in body');
  });
});
