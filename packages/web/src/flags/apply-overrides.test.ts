import { describe, expect, it } from 'vitest';
import { addTranslations, applyStringOverrides, i18n, initI18n } from '../i18n/i18n.ts';

/** The i18n core puts a tenant's string overrides over every text, and takes them away again. */
describe('string overrides in the interface', () => {
  it('word a text in each locale over the shipped and translated texts, until removed', async () => {
    await initI18n('fr-FR', async () => ({ Calendar: 'Calendrier', Contracts: 'Contrats' }));
    addTranslations('fr-FR', { Contracts: 'Dossiers' });
    expect(i18n.t('Calendar')).toBe('Calendrier');

    applyStringOverrides({ 'fr-FR': { Calendar: 'Agenda partagé' }, 'en-EU': { Calendar: 'Shared diary' } });
    expect(i18n.t('Calendar')).toBe('Agenda partagé');
    expect(i18n.t('Contracts')).toBe('Dossiers');
    expect(i18n.t('Calendar', { lng: 'en-EU' })).toBe('Shared diary');
    expect(i18n.t('Invoices', { lng: 'en-EU' })).toBe('Invoices');

    applyStringOverrides({ 'fr-FR': { Contracts: 'Mes dossiers' } });
    expect(i18n.t('Calendar')).toBe('Calendrier');
    expect(i18n.t('Contracts')).toBe('Mes dossiers');
    expect(i18n.t('Calendar', { lng: 'en-EU' })).toBe('Calendar');

    applyStringOverrides({});
    expect(i18n.t('Contracts')).toBe('Dossiers');
  });

  it('reach the other locales of the language unless they have their own', async () => {
    await initI18n('en-US', async () => undefined);
    applyStringOverrides({
      'en-EU': { Calendar: 'Team diary' },
      'fr-FR': { Calendar: 'Agenda' },
      'fr-BE': { Tasks: 'Tâches BE' },
    });
    expect(i18n.t('Calendar')).toBe('Team diary');
    expect(i18n.t('Calendar', { lng: 'en-GB' })).toBe('Team diary');
    expect(i18n.t('Calendar', { lng: 'fr-BE' })).toBe('Agenda');
    expect(i18n.t('Tasks', { lng: 'fr-BE' })).toBe('Tâches BE');
    expect(i18n.t('Tasks', { lng: 'fr-FR' })).toBe('Tasks');
    applyStringOverrides({});
    expect(i18n.t('Calendar')).toBe('Calendar');
  });
});
