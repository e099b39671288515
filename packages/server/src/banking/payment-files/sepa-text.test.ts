import { describe, expect, it } from 'vitest';
import { sepaIdentifier, sepaText, xmlEscape } from './sepa-text.ts';

describe('SEPA texts', () => {
  it('transliterates accents and letters outside the SEPA set', () => {
    expect(sepaText('Société Générale Élan — Œuvre & Fils', 70)).toBe('Societe Generale Elan - OEuvre + Fils');
    expect(sepaText('Müller Straße 5, Ørsted, Łódź, Ñandú', 70)).toBe('Muller Strasse 5, Orsted, Lodz, Nandu');
    expect(sepaText('Facture n° 12 « échéance » 100 €', 140)).toBe("Facture no 12 ' echeance ' 100 EUR");
    expect(sepaText('tab\tand\nnew line; semicolon * star', 140)).toBe('tab and new line semicolon star');
    expect(sepaText('中文 name', 70)).toBe('name');
  });

  it('cuts at the length without a trailing space', () => {
    expect(sepaText('a'.repeat(200), 140)).toHaveLength(140);
    expect(sepaText('abcd efgh', 5)).toBe('abcd');
  });

  it('makes identifiers without spaces nor leading, trailing or double slashes', () => {
    expect(sepaIdentifier('/RUM 2024//é-1/')).toBe('RUM2024/e-1');
    expect(sepaIdentifier('x'.repeat(40))).toHaveLength(35);
  });

  it('escapes XML', () => {
    expect(xmlEscape(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});
