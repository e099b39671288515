import { describe, expect, it } from 'vitest';
import { overrideRows, shippedKeysMatching, withOverride, withoutOverride } from './string-overrides.ts';

describe('the string overrides screen', () => {
  it('adds, replaces and removes one text of one locale, leaving the others', () => {
    let overrides = withOverride({}, 'fr-FR', 'Calendar', 'Agenda');
    overrides = withOverride(overrides, 'en-EU', 'Calendar', 'Diary');
    overrides = withOverride(overrides, 'fr-FR', 'Calendar', 'Agenda partagé');
    expect(overrides).toEqual({ 'fr-FR': { Calendar: 'Agenda partagé' }, 'en-EU': { Calendar: 'Diary' } });
    expect(overrideRows(overrides)).toEqual([
      { locale: 'en-EU', key: 'Calendar', text: 'Diary' },
      { locale: 'fr-FR', key: 'Calendar', text: 'Agenda partagé' },
    ]);
    expect(withoutOverride(overrides, 'fr-FR', 'Calendar')).toEqual({ 'en-EU': { Calendar: 'Diary' } });
    expect(withoutOverride(overrides, 'de-DE', 'Calendar')).toEqual(overrides);
  });

  it('searches the shipped texts, those starting with the search first', () => {
    const keys = ['My calendar', 'Calendar', 'Contracts', 'calendar feed'];
    expect(shippedKeysMatching(keys, 'calend')).toEqual(['Calendar', 'calendar feed', 'My calendar']);
    expect(shippedKeysMatching(keys, '  ')).toEqual([]);
    expect(shippedKeysMatching(keys, 'c', 2)).toHaveLength(2);
  });
});
