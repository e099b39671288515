import type { DocumentationPage } from './documentation-pages.ts';

/** A part of a page under one heading: what a search result links to. */
export interface PagePart {
  page: DocumentationPage;
  heading: string;
  /** The heading's anchor (`#…`); empty for the page's top. */
  anchor: string;
  text: string;
}

export interface SearchHit extends PagePart {
  /** Where the words were found: a few words around the first one. */
  excerpt: string;
  score: number;
}

/** `Lists and filters` → `lists-and-filters`: the id of a heading, the same in the page and in the search's links. */
export function headingAnchor(heading: string): string {
  return fold(heading)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lower case without accents: `Étape` and `etape` match. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Markdown reduced to its words: no link targets, no emphasis or table signs. */
const plain = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_|#>]/g, ' ')
    .replace(/-{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A page split at its `##` headings, the part before the first one under the page's title. */
export function partsOf(page: DocumentationPage): PagePart[] {
  const parts: PagePart[] = [];
  let heading = page.title;
  let anchor = '';
  let lines: string[] = [];
  const close = () => parts.push({ page, heading, anchor, text: plain(lines.join('\n')) });
  for (const line of page.markdown.split('\n')) {
    if (/^# /.test(line)) continue;
    const sub = /^#{2,3} (.+)$/.exec(line);
    if (sub) {
      close();
      heading = sub[1].trim();
      anchor = headingAnchor(heading);
      lines = [];
    } else lines.push(line);
  }
  close();
  return parts;
}

/** The words of a query, folded; words of one letter are left out. */
export const queryWords = (query: string): string[] =>
  fold(query)
    .split(/[^\p{L}\p{N}+]+/u)
    .filter((word) => word.length > 1);

function excerptOf(text: string, word: string, width = 160): string {
  const at = fold(text).indexOf(word);
  const start = Math.max(0, at - width / 3);
  const slice = text.slice(start, start + width);
  return `${start > 0 ? '…' : ''}${slice}${start + width < text.length ? '…' : ''}`;
}

/**
 * The parts where every word of the query is written (in the page's title, the heading or the
 * text), the best first: words in a heading or title count more than in the text.
 */
export function searchDocumentation(pages: DocumentationPage[], query: string, limit = 30): SearchHit[] {
  const words = queryWords(query);
  if (!words.length) return [];
  const hits: SearchHit[] = [];
  for (const part of pages.flatMap(partsOf)) {
    const title = fold(part.page.title);
    const heading = fold(part.heading);
    const text = fold(part.text);
    if (!words.every((w) => title.includes(w) || heading.includes(w) || text.includes(w))) continue;
    const score = words.reduce(
      (sum, w) => sum + (heading.includes(w) ? 5 : 0) + (title.includes(w) ? 3 : 0) + (text.includes(w) ? 1 : 0),
      0,
    );
    const inText = words.find((w) => text.includes(w));
    hits.push({ ...part, score, excerpt: inText ? excerptOf(part.text, inText) : part.text.slice(0, 160) });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** The link of a hit: the page, at its heading. */
export const hitLink = (hit: PagePart) => `${hit.page.path}${hit.anchor ? `#${hit.anchor}` : ''}`;
