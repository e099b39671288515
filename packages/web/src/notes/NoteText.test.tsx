import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { NoteText } from './NoteText.tsx';

/** A note's Markdown is rendered as Markdown and never as the HTML or script a writer slips in. */
const html = (text: string) => renderToStaticMarkup(<NoteText text={text} />);

describe('a note’s text', () => {
  it('renders Markdown: emphasis, lists, tables, links that open apart', () => {
    const out = html(
      '**Bold** and *soft*\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.com)',
    );
    expect(out).toContain('<strong>Bold</strong>');
    expect(out).toContain('<em>soft</em>');
    expect(out).toContain('<li>one</li>');
    expect(out).toContain('<table>');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>');
  });

  it('renders no raw HTML: a script, an image with a handler, an iframe are not in the page', () => {
    const out = html(
      'Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('onerror');
    expect(out).not.toContain('<iframe');
    expect(out).toContain('Hello');
  });

  it('gives no target to a javascript: or data: link', () => {
    for (const text of [
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '<javascript:alert(1)>',
    ]) {
      const out = html(text);
      expect(out, text).not.toMatch(/href="\s*(javascript|data):/i);
      expect(out.toLowerCase(), text).not.toContain('href="javascript');
    }
    expect(html('[click](javascript:alert(1))')).toBe(
      '<div class="note-text" style="overflow-wrap:anywhere"><p><span>click</span></p></div>',
    );
  });
});
