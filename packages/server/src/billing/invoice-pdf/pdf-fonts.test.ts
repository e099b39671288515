import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { useFonts } from './pdf-fonts.ts';

/**
 * A document's font subsets, written by pdf-fonts.ts from the glyphs and tables it keeps, are the
 * bytes fontkit's own encoder writes for the same glyphs, in every script the documents use and
 * with composite glyphs (accented letters), from one document to the next.
 */
interface Subset {
  glyphs: number[];
  font: { createSubset(): Subset };
  includeGlyph(gid: number): number;
  encode(): Uint8Array;
}
type Families = { _fontFamilies: Record<'regular' | 'bold', { subset: Subset; encode(text: string): unknown }> };

/** The subsets of a document that wrote `text` in both fonts: as written here, and as fontkit writes them. */
function subsets(text: string) {
  const doc = new PDFDocument({ font: '' } as PDFKit.PDFDocumentOptions);
  useFonts(doc);
  const families = (doc as unknown as Families)._fontFamilies;
  return (['regular', 'bold'] as const).map((name) => {
    const { subset } = families[name];
    families[name].encode(text);
    const glyphs = [...subset.glyphs];
    const reference = subset.font.createSubset();
    for (const gid of glyphs) reference.includeGlyph(gid);
    const fontkitEncode = Object.getPrototypeOf(subset).encode as Subset['encode'];
    return { name, glyphs, ours: Buffer.from(subset.encode()), fontkit: Buffer.from(fontkitEncode.call(reference)) };
  });
}

describe('font subsets', () => {
  it.each([
    ['French', 'Facture n° 2026-0042 — échéance : 15/07/2026, à régler avant le 31 août. Ça coûte 1 234,56 €.'],
    ['German and Polish', 'Mahnung für Müller & Söhne GmbH; Łódź, Gdańsk: zaległość 12,50 zł.'],
    ['Greek and Cyrillic', 'Τιμολόγιο αριθ. 7 — Счёт № 42, сумма к оплате'],
    ['Arabic', 'فاتورة رقم ٤٢ المبلغ المستحق'],
  ])('%s: the bytes fontkit writes', (_language, text) => {
    for (const { ours, fontkit, glyphs } of subsets(text)) {
      expect(glyphs.length).toBeGreaterThan(10);
      expect(ours.equals(fontkit)).toBe(true);
    }
  });

  it('the same again for the next document, with glyphs the first had not', () => {
    subsets('Première lettre');
    for (const { ours, fontkit } of subsets('Zweiter Brief: Größe, Qualität, 0123456789'))
      expect(ours.equals(fontkit)).toBe(true);
  });
});
