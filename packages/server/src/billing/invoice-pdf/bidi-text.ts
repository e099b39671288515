/**
 * Right-to-left text for pdfkit. fontkit shapes Arabic and lays out the glyphs of one RTL string
 * from right to left, but pdfkit places the words of a line from left to right and knows nothing of
 * the Unicode bidirectional algorithm: a sentence comes out with its words in reverse, and digits or
 * Latin inside it in the wrong place. bidi-js (the UBA) orders a line visually; it is then cut into
 * pieces of one direction between spaces, each RTL piece given back in logical order so that fontkit
 * shapes it (joining forms, lam-alef) and reverses it itself.
 */
import bidiModule, { type Bidi } from 'bidi-js';

// A CommonJS module whose export is the factory; its types describe it as an ES default export.
const factory = bidiModule as unknown as (() => Bidi) | { default: () => Bidi };
const bidi = typeof factory === 'function' ? factory() : factory.default();

export interface VisualPiece {
  text: string;
  rtl: boolean;
}

/** The pieces of one line, left to right, for a paragraph of base direction `direction`. */
export function visualPieces(line: string, direction: 'rtl' | 'ltr' = 'rtl'): VisualPiece[] {
  if (!line) return [];
  const levels = bidi.getEmbeddingLevels(line, direction);
  const order = [...line].length === line.length ? Array.from(line, (_c, i) => i) : undefined;
  // Surrogate pairs (none in the scripts an invoice prints) would be split by index reversal: keep the line as is.
  if (!order) return [{ text: line, rtl: direction === 'rtl' }];
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    const flipped = order.slice(start, end + 1).reverse();
    order.splice(start, flipped.length, ...flipped);
  }
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const pieces: VisualPiece[] = [];
  let current: { chars: string[]; rtl: boolean; space: boolean } | undefined;
  const flush = () => {
    if (!current) return;
    // Back to logical order for fontkit, which reverses an RTL run itself.
    pieces.push({ text: (current.rtl ? current.chars.reverse() : current.chars).join(''), rtl: current.rtl });
    current = undefined;
  };
  for (const i of order) {
    const char = mirrored.get(i) ?? line[i];
    const rtl = (levels.levels[i] & 1) === 1;
    const space = /\s/.test(char);
    if (!current || current.rtl !== rtl || current.space !== space) {
      flush();
      current = { chars: [], rtl, space };
    }
    current.chars.push(char);
  }
  flush();
  return pieces;
}

/** Whether `text` holds a strong right-to-left character (Hebrew, Arabic and their presentation forms). */
export const hasRightToLeft = (text: string) => /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(text);
