import { afterEach, describe, expect, it, vi } from 'vitest';
import { shippedTranslations } from '../app/web-modules.ts';
import { addTranslations, i18n, initI18n, loadShippedTranslations, missingKeyCollector, onMissingKey } from './i18n.ts';

afterEach(() => {
  vi.useRealTimers();
  onMissingKey(undefined);
});

describe('missing translations (spec 000 §7)', () => {
  it('are sent per locale in batches, debounced 1 s, each key once', async () => {
    vi.useFakeTimers();
    const sent: [string, string[]][] = [];
    const collect = missingKeyCollector(async (locale, keys) => {
      sent.push([locale, keys]);
    });
    collect('fr-FR', 'A');
    vi.advanceTimersByTime(600);
    collect('fr-FR', 'B');
    collect('fr-FR', 'A');
    collect('de-DE', 'C');
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['fr-FR', ['A', 'B']],
      ['de-DE', ['C']],
    ]);
    collect('fr-FR', 'A');
    collect('fr-FR', 'D');
    vi.advanceTimersByTime(1000);
    expect(sent.at(-1)).toEqual(['fr-FR', ['D']]);
  });

  it('are reported in French when the configuration asks, never in en-EU, and a tenant translation fills them', async () => {
    await initI18n('fr-FR', shippedTranslations);
    const reported: string[] = [];
    onMissingKey((_locale, key) => reported.push(key));
    expect(i18n.t('Save')).toBe('Enregistrer');
    // A domain's text, shipped by its module.
    expect(i18n.t('Run billing')).toBe('Lancer la facturation');
    expect(i18n.t('Deal pipeline')).toBe('Deal pipeline');
    expect(reported).toEqual(['Deal pipeline']);
    addTranslations('fr-FR', { 'Deal pipeline': 'Affaires en cours' });
    expect(i18n.t('Deal pipeline')).toBe('Affaires en cours');
    await i18n.changeLanguage('en-EU');
    expect(i18n.t('Another text')).toBe('Another text');
    expect(reported).toEqual(['Deal pipeline']);
    onMissingKey(undefined);
    await i18n.changeLanguage('fr-FR');
    expect(i18n.t('Unreported')).toBe('Unreported');
    expect(reported).toEqual(['Deal pipeline']);
  });

  it('French is loaded when first used, and a tenant translation stays over the shipped text', async () => {
    await initI18n('en-EU', shippedTranslations);
    expect(i18n.getResource('fr-FR', 'translation', 'Save')).toBeUndefined();
    addTranslations('fr-FR', { Save: 'Sauver', 'Run billing': 'Facturer' });
    await loadShippedTranslations('fr-FR');
    await i18n.changeLanguage('fr-FR');
    expect(i18n.t('Save')).toBe('Sauver');
    expect(i18n.t('Run billing')).toBe('Facturer');
    expect(i18n.t('Sign out')).toBe('Se déconnecter');
    expect(i18n.t('Scheduled jobs')).toBe('Tâches planifiées');
  });
});
