/**
 * The fonts of invoices and letters, parsed once per thread and shared by every document it renders.
 * pdfkit would parse a font file anew for every document (fontkit.create), shape every word anew in
 * every document (its layout cache lives and dies with the document) and, when the document ends,
 * decode every glyph it used again to copy it into the document's subset. Here the parsed fonts,
 * the shaped words and the glyphs' outlines are kept for the thread; each document still gets its
 * own embedding (its own subset, widths and character map), so its content is what `doc.font` makes.
 */
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/** DejaVu Sans (Debian's fonts-dejavu-core) covers Latin, Greek, Cyrillic and Arabic; `INVOICE_PDF_FONT_DIR` to use another copy. */
const fontDir = process.env.INVOICE_PDF_FONT_DIR || '/usr/share/fonts/truetype/dejavu';

/** Words shaped and kept per font; past this many the kept words are dropped and shaping starts afresh (amounts and numbers vary without end). */
const MAX_SHAPED_WORDS = 20_000;

/** The parts of fontkit's TrueType font and subset, and of pdfkit's embedded font, that are used here. */
interface Glyph {
  advanceWidth: number;
  _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  _getMetrics(): { leftBearing: number };
}
interface TrueTypeFont {
  getGlyph(gid: number): Glyph;
  loca: { offsets: number[] };
  _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array };
  _variationProcessor?: unknown;
  createSubset(): TrueTypeSubset;
}
interface TrueTypeSubset {
  font: TrueTypeFont;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  includeGlyph(gid: number): number;
  _addGlyph(gid: number): number;
}
interface EmbeddedFont {
  font: TrueTypeFont;
  subset: TrueTypeSubset;
  layoutRun(text: string): unknown;
  layoutCached(text: string): unknown;
}
type EmbeddedFontClass = new (doc: unknown, font: unknown, id: string) => EmbeddedFont;
type Internals = {
  _font: EmbeddedFont & { constructor: EmbeddedFontClass };
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
};

/** A glyph as a subset copies it: its bytes in the glyf table, its components if composite, its metrics. */
interface SubsetGlyph {
  bytes: Uint8Array;
  components: { glyphID: number; pos: number }[] | undefined;
  advance: number;
  bearing: number;
}

/** A parsed font with what its documents share: the words shaped and the glyphs read. */
interface SharedFont {
  font: TrueTypeFont;
  shaped: Map<string, unknown>;
  glyphs: Map<number, SubsetGlyph>;
}

/** What fontkit's TrueType subset does for glyph `gid` (`_addGlyph`), read from the font once. */
function subsetGlyph(shared: SharedFont, gid: number): SubsetGlyph {
  let kept = shared.glyphs.get(gid);
  if (!kept) {
    const { font } = shared;
    const glyph = font.getGlyph(gid);
    const glyf = glyph._decode();
    const stream = font._getTableStream('glyf');
    stream.pos += font.loca.offsets[gid];
    kept = {
      bytes: stream.readBuffer(font.loca.offsets[gid + 1] - font.loca.offsets[gid]),
      components: glyf && glyf.numberOfContours < 0 ? glyf.components : undefined,
      advance: glyph.advanceWidth,
      bearing: glyph._getMetrics().leftBearing,
    };
    shared.glyphs.set(gid, kept);
  }
  return kept;
}

let fonts: { regular: SharedFont; bold: SharedFont; embeddedFont: EmbeddedFontClass } | undefined;

function loadFonts() {
  const boot = new PDFDocument({ font: '' } as PDFKit.PDFDocumentOptions) as unknown as PDFKit.PDFDocument & Internals;
  const parsed = (file: string): SharedFont => {
    boot.font(fs.readFileSync(path.join(fontDir, file)));
    const font = boot._font.font;
    // A variable font's glyphs are re-encoded per instance by fontkit: not kept here.
    if (font._variationProcessor) throw new Error(`${file}: a variable font is not supported for documents`);
    return { font, shaped: new Map(), glyphs: new Map() };
  };
  const regular = parsed('DejaVuSans.ttf');
  const bold = parsed('DejaVuSans-Bold.ttf');
  return { regular, bold, embeddedFont: boot._font.constructor };
}

/** A document's embedding of a shared font: its own subset, the thread's shaped words and glyphs. */
function embedding(doc: PDFKit.PDFDocument, shared: SharedFont, id: string): EmbeddedFont {
  const embedded = new fonts!.embeddedFont(doc, shared.font, id);
  embedded.layoutCached = (text: string) => {
    let run = shared.shaped.get(text);
    if (run === undefined) {
      // A shaped run is only read afterwards (pdfkit copies what it changes), so documents may share it.
      run = embedded.layoutRun(text);
      if (shared.shaped.size >= MAX_SHAPED_WORDS) shared.shaped.clear();
      shared.shaped.set(text, run);
    }
    return run;
  };
  const subset = embedded.subset;
  subset._addGlyph = (gid: number) => {
    const glyph = subsetGlyph(shared, gid);
    let bytes = glyph.bytes;
    if (glyph.components) {
      // A composite glyph names its parts by their number in this subset.
      bytes = new Uint8Array(bytes);
      const view = new DataView(bytes.buffer);
      for (const component of glyph.components) view.setUint16(component.pos, subset.includeGlyph(component.glyphID));
    }
    subset.glyf.push(bytes);
    subset.loca.offsets.push(subset.offset);
    subset.hmtx.metrics.push({ advance: glyph.advance, bearing: glyph.bearing });
    subset.offset += bytes.length;
    return subset.glyf.length - 1;
  };
  return embedded;
}

/** Gives `doc` the fonts `regular` and `bold` (a document made with `font: ''`, so that pdfkit reads no default font). */
export function useFonts(doc: PDFKit.PDFDocument) {
  fonts ??= loadFonts();
  const internals = doc as unknown as Internals;
  for (const name of ['regular', 'bold'] as const)
    internals._fontFamilies[name] = embedding(doc, fonts[name], `F${++internals._fontCount}`);
}
