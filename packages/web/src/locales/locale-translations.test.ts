import { describe, expect, it } from 'vitest';
import { missingOf, withTranslations } from './locale-translations.ts';

describe('a locale’s missing translations', () => {
  const record = {
    translations: { Save: 'Enregistrer', Empty: '  ' },
    missingKeys: ['Pinned', 'Save', 'Columns', 'Empty'],
  };

  it('counts the reported texts its translations do not hold', () => {
    expect(missingOf(record)).toEqual(['Pinned', 'Columns', 'Empty']);
    expect(missingOf({})).toEqual([]);
  });

  it('moves a translated text from the missing ones to the translations, keeping the untyped ones missing', () => {
    expect(withTranslations(record, { Pinned: ' Épinglé ', Columns: '' })).toEqual({
      translations: { Save: 'Enregistrer', Pinned: 'Épinglé' },
      missingKeys: ['Columns', 'Empty'],
    });
    expect(withTranslations(record, { Save: '' }).translations).not.toHaveProperty('Save');
  });
});
