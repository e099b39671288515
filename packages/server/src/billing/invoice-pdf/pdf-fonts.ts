/**
 * The fonts of invoices and letters, parsed once per thread and shared by every document it renders.
 * pdfkit would parse a font file anew for every document (fontkit.create), shape every word anew in
 * every document (its layout cache lives and dies with the document) and, when the document ends,
 * decode every glyph it used again to copy it into the document's subset, then write that subset
 * field by field through fontkit's generic encoder (a third of a letter's time). Here the parsed
 * fonts, the shaped words, the glyphs' outlines and the subset's unchanging tables are kept for the
 * thread, and a subset is written as bytes (`encodeSubset`, the same bytes as fontkit's); each
 * document still gets its own embedding (its own subset, widths and character map), so its
 * content is what `doc.font` makes.
 */
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/** DejaVu Sans (Debian's fonts-dejavu-core) covers Latin, Greek, Cyrillic and Arabic; `INVOICE_PDF_FONT_DIR` to use another copy. */
const fontDir = process.env.INVOICE_PDF_FONT_DIR || '/usr/share/fonts/truetype/dejavu';

/**
 * Words shaped and kept per font and generation. A shaped word weighs about 3 KB: when the recent
 * generation is full, the older one is dropped, so a thread keeps at most twice this many and
 * the words in use (a template's) stay while one-off amounts and numbers pass (20,000 at once
 * cost each thread 130 MB for nothing more).
 */
const SHAPED_WORDS_PER_GENERATION = 2_000;

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
  loca: { offsets: number[]; version?: number };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  glyphs: number[];
  includeGlyph(gid: number): number;
  _addGlyph(gid: number): number;
  encode(): Uint8Array;
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

/** A parsed font with what its documents share: the words shaped, the glyphs read and the tables every subset copies. */
interface SharedFont {
  font: TrueTypeFont;
  shaped: { recent: Map<string, unknown>; older: Map<string, unknown> };
  glyphs: Map<number, SubsetGlyph>;
  tables: SubsetTables;
}

/**
 * A subset's file as fontkit writes it: a directory (tag `true`, checksums 0, tables in this order,
 * unpadded), then the tables; all but loca, glyf and hmtx are the font's own, with the glyph count
 * in maxp and the metrics count in hhea. Read once from a subset fontkit wrote.
 */
interface SubsetTables {
  header: Uint8Array;
  order: { tag: string; bytes?: Uint8Array }[];
  longOffsets: boolean;
}

const GENERATED = new Set(['loca', 'glyf', 'hmtx']);

function subsetTables(font: TrueTypeFont): SubsetTables {
  const sample = font.createSubset();
  const file = Buffer.from(sample.encode());
  const count = file.readUInt16BE(4);
  const order = Array.from({ length: count }, (_, i) => {
    const at = 12 + 16 * i;
    const tag = file.toString('latin1', at, at + 4);
    const offset = file.readUInt32BE(at + 8);
    return GENERATED.has(tag) ? { tag } : { tag, bytes: file.subarray(offset, offset + file.readUInt32BE(at + 12)) };
  });
  return { header: file.subarray(0, 12), order, longOffsets: sample.loca.version === 1 };
}

/** What fontkit's TrueType subset encode writes for `subset` (its glyphs added by `_addGlyph`), written directly. */
function encodeSubset(tables: SubsetTables, subset: TrueTypeSubset): Uint8Array {
  subset.glyf = [];
  subset.offset = 0;
  subset.loca = { offsets: [] };
  subset.hmtx = { metrics: [] };
  // The list grows while it is read: a composite glyph adds its parts.
  for (let i = 0; i < subset.glyphs.length; i++) subset._addGlyph(subset.glyphs[i]);
  subset.loca.offsets.push(subset.offset);
  const glyphCount = subset.glyf.length;
  const { offsets } = subset.loca;
  const loca = Buffer.alloc(offsets.length * (tables.longOffsets ? 4 : 2));
  offsets.forEach((o, i) => (tables.longOffsets ? loca.writeUInt32BE(o, 4 * i) : loca.writeUInt16BE(o >>> 1, 2 * i)));
  const hmtx = Buffer.alloc(4 * glyphCount);
  subset.hmtx.metrics.forEach((m, i) => {
    hmtx.writeUInt16BE(m.advance, 4 * i);
    hmtx.writeInt16BE(m.bearing, 4 * i + 2);
  });
  const withCount = (bytes: Uint8Array, at: number, value: number) => {
    const copy = Buffer.from(bytes);
    copy.writeUInt16BE(value, at);
    return copy;
  };
  const parts = tables.order.map(({ tag, bytes }): Uint8Array[] => {
    if (tag === 'loca') return [loca];
    if (tag === 'hmtx') return [hmtx];
    if (tag === 'glyf') return subset.glyf;
    if (tag === 'maxp') return [withCount(bytes!, 4, glyphCount)];
    if (tag === 'hhea') return [withCount(bytes!, 34, glyphCount)];
    return [bytes!];
  });
  const directory = Buffer.alloc(tables.header.length + 16 * parts.length);
  directory.set(tables.header);
  let offset = directory.length;
  parts.forEach((chunks, i) => {
    const length = chunks.reduce((n, c) => n + c.length, 0);
    const at = tables.header.length + 16 * i;
    directory.write(tables.order[i].tag, at, 'latin1');
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(length, at + 12);
    offset += length;
  });
  return Buffer.concat([directory, ...parts.flat()]);
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
    return { font, shaped: { recent: new Map(), older: new Map() }, glyphs: new Map(), tables: subsetTables(font) };
  };
  const regular = parsed('DejaVuSans.ttf');
  const bold = parsed('DejaVuSans-Bold.ttf');
  return { regular, bold, embeddedFont: boot._font.constructor };
}

/** A document's embedding of a shared font: its own subset, the thread's shaped words and glyphs. */
function embedding(doc: PDFKit.PDFDocument, shared: SharedFont, id: string): EmbeddedFont {
  const embedded = new fonts!.embeddedFont(doc, shared.font, id);
  embedded.layoutCached = (text: string) => {
    const { shaped } = shared;
    let run = shaped.recent.get(text);
    if (run === undefined) {
      // A shaped run is only read afterwards (pdfkit copies what it changes), so documents may share it.
      run = shaped.older.get(text) ?? embedded.layoutRun(text);
      if (shaped.recent.size >= SHAPED_WORDS_PER_GENERATION) {
        shaped.older = shaped.recent;
        shaped.recent = new Map();
      }
      shaped.recent.set(text, run);
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
  subset.encode = () => encodeSubset(shared.tables, subset);
  return embedded;
}

/** Gives `doc` the fonts `regular` and `bold` (a document made with `font: ''`, so that pdfkit reads no default font). */
export function useFonts(doc: PDFKit.PDFDocument) {
  fonts ??= loadFonts();
  const internals = doc as unknown as Internals;
  for (const name of ['regular', 'bold'] as const)
    internals._fontFamilies[name] = embedding(doc, fonts[name], `F${++internals._fontCount}`);
}
