import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { madeNames } from '@lbo/model/i18n/made-names';
import { frFRDeclared } from './fr-FR.ts';
import { madeNameText } from './made-name-text.ts';

const reader = async (lng: string) => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    resources: { 'fr-FR': { translation: frFRDeclared } },
  });
  return i18n.t;
};

describe('a name the server made, on screen', () => {
  it("reads in the reader's language, its values as written", async () => {
    const t = await reader('fr-FR');
    expect(madeNameText(t, 'Billing up to 2025-06-30')).toBe('Facturation jusqu’au 2025-06-30');
    expect(madeNameText(t, 'nightly-bank-matching: Matching of the waiting bank transactions')).toBe(
      'nightly-bank-matching: Rapprochement des opérations bancaires en attente',
    );
    expect(madeNameText(t, 'Reversal: VAT collected')).toBe('Extourne : TVA collectée');
    expect(madeNameText(t, 'Van for a day of work')).toBe('Van for a day of work');
  });

  it('stays as written in English', async () => {
    const t = await reader('en-GB');
    for (const name of ['Billing up to 2025-06-30', 'Payment CAS000012 on INV000034', 'Month end'])
      expect(madeNameText(t, name)).toBe(name);
  });

  it('is in the French dictionary, every template of it', () => {
    expect(Object.keys(madeNames).filter((english) => !frFRDeclared[english])).toEqual([]);
  });
});
